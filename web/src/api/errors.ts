/** Every failed call surfaces as an ApiError with the server's catalogue code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** The whole error body, for codes that carry more (dueDate, retryAfter...). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: string,
    message: string,
    field?: string,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.field = field;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? value as Record<string, unknown> : {};
}

/** Build an ApiError from a failed response body (JSON or not). */
export function errorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const record = asRecord(body);
  const code = typeof record.error === "string"
    ? record.error
    : status >= 500
    ? "ERR_INTERNAL_SERVER_ERROR"
    : `ERR_HTTP_${status}`;
  const message = typeof record.message === "string" ? record.message : statusText || code;
  const field = typeof record.field === "string" ? record.field : undefined;
  return new ApiError(status, code, message, field, record);
}

export function networkError(cause: unknown): ApiError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(0, "ERR_NETWORK", message);
}
