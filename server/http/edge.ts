// Checks on the request line and headers, before routing: a malformed path or oversized
// headers get a coded 4xx here instead of failing deep inside a handler.
import { createMiddleware } from "hono/factory";
import { AppError } from "./errors.ts";

/**
 * Deno's HTTP layer itself refuses a request head over about 64 kB (400, empty body,
 * before any application code runs); below that, this limit answers with a code.
 * A bearer token is a few hundred bytes and our cookies are short.
 */
export const MAX_HEADER_BYTES = 32 * 1024;

export const edgeChecks = createMiddleware(async (c, next) => {
  let size = 0;
  c.req.raw.headers.forEach((value, name) => size += name.length + value.length + 4);
  if (size > MAX_HEADER_BYTES) {
    throw new AppError("ERR_HEADER_TOO_LARGE", 431, "request headers too large", { maxBytes: MAX_HEADER_BYTES });
  }
  try {
    decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    throw new AppError("ERR_BAD_REQUEST", 400, "malformed %-escape in the path");
  }
  await next();
});
