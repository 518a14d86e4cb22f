// Request bodies are bounded while they stream in, before a handler reads them: a body
// with a content-length over the limit is refused unread, a chunked one as soon as the
// bytes received pass it. JSON gets 1 MB unless its route says otherwise; uploads get
// their route's own limit.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import { AppError } from "./errors.ts";
import { isMultipart } from "./uploads.ts";

export const JSON_LIMIT = 1024 * 1024;

const DECLARED = Symbol("route body limit");

function limiter(maxBytes: number, code: "ERR_PAYLOAD_TOO_LARGE" | "ERR_FILE_TOO_LARGE"): MiddlewareHandler {
  const message = code === "ERR_FILE_TOO_LARGE" ? "file too large" : "request body too large";
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError(code, 413, message, { maxBytes });
    },
  });
  // A chunked body is read here, before the route: a client that goes away mid-body makes
  // the read fail, which is the client's doing, not the server's.
  return async (c, next) => {
    let reached = false;
    try {
      return await limit(c, () => {
        reached = true;
        return next();
      });
    } catch (err) {
      if (reached || err instanceof AppError) throw err;
      throw new AppError("ERR_BAD_REQUEST", 400, "the request body was cut short");
    }
  };
}

/** A route's own limits: JSON (and any other non-multipart body) and multipart uploads. */
export function limitBody(o: { json?: number; upload?: number }): MiddlewareHandler {
  const json = limiter(o.json ?? JSON_LIMIT, "ERR_PAYLOAD_TOO_LARGE");
  const upload = o.upload ? limiter(o.upload, "ERR_FILE_TOO_LARGE") : json;
  const mw: MiddlewareHandler = (c, next) => (isMultipart(c) ? upload : json)(c, next);
  return Object.assign(mw, { [DECLARED]: true });
}

/**
 * A body the route streams to disk itself, counting as it goes (hono's limit would hold a
 * chunked body in memory): here only a declared length over `maxBytes` is refused, unread.
 */
export function streamedBody(maxBytes: number, refuse: () => AppError): MiddlewareHandler {
  const mw: MiddlewareHandler = (c, next) => {
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > maxBytes) throw refuse();
    return next();
  };
  return Object.assign(mw, { [DECLARED]: true });
}

const fallback = limiter(JSON_LIMIT, "ERR_PAYLOAD_TOO_LARGE");

/** For every request: the default limit, unless the matched route declared its own. */
export const defaultBodyLimit: MiddlewareHandler = (c, next) =>
  matchedRoutes(c).some((r) => DECLARED in r.handler) ? next() : fallback(c, next);
