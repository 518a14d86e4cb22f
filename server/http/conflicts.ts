// Unique names under concurrency. A service checks "is this name free?" to answer with the
// catalogue's 409, but two requests can pass that check at once; the database's unique
// index then refuses the second write. That refusal is the same conflict, so the check is
// run again (it now sees the winner's row) and reports it in the catalogue's words.
import { AppError } from "./errors.ts";

/** SQLite's unique (or primary key) violation, as libSQL's binding and @libsql/client report it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, extendedCode } = e as { code?: unknown; extendedCode?: unknown };
    for (const c of [code, extendedCode]) {
      if (c === "SQLITE_CONSTRAINT_UNIQUE" || c === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
    }
  }
  return false;
}

/** Catch-all for a unique violation no check names: still the caller's conflict, not a crash. */
export const genericConflict = () => new AppError("ERR_CONFLICT", 409, "this record already exists");

/**
 * Runs a write that a unique index guards. On a violation `check` (the same check the service
 * ran before writing) throws its 409; if it finds nothing to report, the answer is ERR_CONFLICT.
 */
export async function writeUnique<T>(write: () => Promise<T>, check: () => Promise<unknown>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await check();
    throw genericConflict();
  }
}
