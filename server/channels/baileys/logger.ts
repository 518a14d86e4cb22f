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

/** Forwards warn and worse to the server's structured log, with fixed fields. */
export function serverLogger(fields: Record<string, unknown>): ILogger {
  const valueOf = (v: unknown) => v instanceof Error ? v.message : v;
  const fieldsOf = (obj: unknown): Record<string, unknown> => {
    if (obj instanceof Error) return { ...fields, error: obj.message };
    if (obj && typeof obj === "object") {
      // Errors inside the fields ({ err }) would print as {} in JSON.
      const own = Object.entries(obj as Record<string, unknown>).map(([k, v]) => [k, valueOf(v)]);
      return { ...fields, ...Object.fromEntries(own) };
    }
    return { ...fields, detail: String(obj) };
  };
  // Baileys calls both logger.warn(obj, msg) and logger.warn(msg).
  const write = (level: "warn" | "error") => (obj: unknown, msg?: string) =>
    typeof obj === "string" && msg === undefined
      ? log[level](obj, fields)
      : log[level](msg ?? "baileys", fieldsOf(obj));
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
