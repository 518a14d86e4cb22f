// The one error type the client ever sees. Its code is a key of the catalogue, which gives
// the status and message unless the call site names more precise ones.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { CATALOGUE, type ErrorCode } from "./catalogue.ts";

export class AppError extends Error {
  readonly status: ContentfulStatusCode;

  constructor(
    readonly code: ErrorCode,
    status?: ContentfulStatusCode,
    message?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? CATALOGUE[code].message);
    this.status = status ?? CATALOGUE[code].status;
  }

  toBody() {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const notFound = (code: ErrorCode) => new AppError(code, 404);
export const sessionExpired = () => new AppError("ERR_SESSION_EXPIRED");
export const noPermission = () => new AppError("ERR_NO_PERMISSION");
export const validation = (field: string, message: string) =>
  new AppError("ERR_VALIDATION", 400, `${field}: ${message}`, { field });

/**
 * The AppError an error is or carries: the database driver's refusal (ERR_DATABASE_BUSY)
 * reaches the caller wrapped in drizzle's "Failed query" error, as its cause.
 */
export function appErrorOf(err: unknown): AppError | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof AppError) return e;
  }
  return undefined;
}
