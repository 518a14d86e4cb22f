// Loggers in the shape Baileys expects (pino's ILogger). Baileys logs every frame at
// trace/debug and a lot at info; only its warnings and errors (decryption failures,
// refused pre-key uploads, stream errors) reach the server log, so a busy server's log
// stays readable and what goes wrong inside Baileys is still seen.
import type { SocketConfig } from "@whiskeysockets/baileys";
import { log } from "../../log.ts";

/** Baileys' ILogger (not exported by the package's index, so taken from its config). */
export type ILogger = SocketConfig["logger"];

const noop = () => {};

/** Drops everything. */
export const silentLogger: ILogger & { fatal(obj: unknown, msg?: string): void } = {
  level: "silent",
  child: () => silentLogger,
  trace: noop,
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
  fatal: noop,
};

/**
 * Personal data out of Baileys' lines (LGPD): every run of 8 or more digits (phone
 * numbers, lids, in JIDs or alone) keeps only its last 4.
 */
export function redactText(text: string): string {
  return text.replace(/(?<![A-Za-z0-9])\d{4,}(\d{4})(?![A-Za-z0-9])/g, "…$1");
}

const isNode = (v: object): v is { tag: string; attrs?: Record<string, unknown> } =>
  typeof (v as { tag?: unknown }).tag === "string" && typeof (v as { attrs?: unknown }).attrs === "object";

/**
 * A field's value as it may be logged: whole binary nodes (objects, or the XML text of
 * binaryNodeToString) become their tag and type, bytes their length, strings redacted.
 */
function redactValue(v: unknown, depth = 0): unknown {
  if (typeof v === "string") {
    const xml = /^\s*<([\w:-]+)(?:[^>]*?\stype='([^']*)')?/.exec(v);
    return xml ? `<${xml[1]}${xml[2] ? ` type=${xml[2]}` : ""}>` : redactText(v);
  }
  if (v instanceof Error) return redactText(v.message);
  if (v instanceof Uint8Array) return `[${v.byteLength} bytes]`;
  if (!v || typeof v !== "object") return v;
  if (isNode(v)) return `<${v.tag}${typeof v.attrs?.type === "string" ? ` type=${v.attrs.type}` : ""}>`;
  if (depth >= 3) return "[object]";
  if (Array.isArray(v)) return v.slice(0, 20).map((x) => redactValue(x, depth + 1));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [redactText(k), redactValue(x, depth + 1)]));
}

/**
 * Forwards warn and worse to the server's structured log, with fixed fields. Baileys'
 * lines carry JIDs and whole binary nodes (messages-recv.js 'error in handling message'):
 * numbers are redacted and nodes cut to their tag.
 */
export function serverLogger(fields: Record<string, unknown>): ILogger {
  const fieldsOf = (obj: unknown): Record<string, unknown> => {
    if (obj instanceof Error) return { ...fields, error: redactText(obj.message) };
    if (obj && typeof obj === "object") {
      // Errors inside the fields ({ err }) would print as {} in JSON.
      const own = Object.entries(obj as Record<string, unknown>).map(([k, v]) => [k, redactValue(v)]);
      return { ...fields, ...Object.fromEntries(own) };
    }
    return { ...fields, detail: redactValue(obj) };
  };
  // Baileys calls both logger.warn(obj, msg) and logger.warn(msg).
  const write = (level: "warn" | "error") => (obj: unknown, msg?: string) =>
    typeof obj === "string" && msg === undefined
      ? log[level](redactText(obj), fields)
      : log[level](redactText(msg ?? "baileys"), fieldsOf(obj));
  const self: ILogger = {
    level: "warn",
    child: (more) => serverLogger({ ...fields, ...more }),
    trace: noop,
    debug: noop,
    info: noop,
    warn: write("warn"),
    error: write("error"),
  };
  return self;
}
