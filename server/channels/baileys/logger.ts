// Loggers in the shape Baileys expects (pino's ILogger). Baileys logs every frame at
// trace/debug and a lot at info; the default is silent so a busy server's log stays
// readable, and the provider's own decisions go to the server log instead.
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
  const fieldsOf = (obj: unknown): Record<string, unknown> => {
    if (obj instanceof Error) return { ...fields, error: obj.message };
    if (obj && typeof obj === "object") return { ...fields, ...(obj as Record<string, unknown>) };
    return { ...fields, detail: String(obj) };
  };
  const self: ILogger = {
    level: "warn",
    child: (more) => serverLogger({ ...fields, ...more }),
    trace: noop,
    debug: noop,
    info: noop,
    warn: (obj, msg) => log.warn(msg ?? "baileys", fieldsOf(obj)),
    error: (obj, msg) => log.error(msg ?? "baileys", fieldsOf(obj)),
  };
  return self;
}
