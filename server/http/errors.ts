// The one error type the client ever sees. Codes come from the specification's
// catalogue, or are new ERR_ codes in the same style.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: ContentfulStatusCode = 400,
    message?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? code);
  }

  toBody() {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const notFound = (code: string) => new AppError(code, 404, "none found with this ID");
export const sessionExpired = () => new AppError("ERR_SESSION_EXPIRED", 401, "log in again");
export const noPermission = () => new AppError("ERR_NO_PERMISSION", 403, "no permission");
export const validation = (field: string, message: string) =>
  new AppError("ERR_VALIDATION", 400, `${field}: ${message}`, { field });
