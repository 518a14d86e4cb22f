// The HTTP side of the metrics: every request counted under the route pattern it matched, and
// GET /metrics itself, answered only to the configured bearer token.
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv, Deps } from "../http/context.ts";
import { AppError } from "../http/errors.ts";
import { tooMany } from "../http/rate-limit.ts";
import { matchesDigest, sha256 } from "../secrets/digest.ts";
import type { Metrics } from "./metrics.ts";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The pattern the request addressed ("/tickets/:ticketId"), never its path: paths hold ids,
 * and one series per id would have no bound. Middleware are registered for every method
 * (ALL); the first route for the request's own method is the one Hono answers with, and it
 * names the request even when a guard before it refused it. No such route: "unmatched".
 */
export function routeLabel(c: Context): string {
  return matchedRoutes(c).find((r) => r.method !== "ALL")?.path ?? "unmatched";
}

/**
 * Counts every answer, /health and /metrics included: the route label keeps them apart, and
 * a failing health check or someone guessing the metrics token is worth seeing.
 */
export const countRequests = (metrics: Metrics): MiddlewareHandler<AppEnv> => async (c, next) => {
  const start = performance.now();
  try {
    await next();
  } finally {
    const method = METHODS.has(c.req.method) ? c.req.method : "other";
    metrics.request(method, routeLabel(c), c.res.status, (performance.now() - start) / 1000);
  }
};

/**
 * GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`. Wrong tokens are counted per
 * address with the send API's and the webhook's, so the token cannot be guessed at speed.
 */
export function metricsEndpoint(deps: Deps, metrics: Metrics, token: string) {
  const expected = sha256(token);
  return async (c: Context<AppEnv>) => {
    const address = `metrics:${c.get("clientIp")}`;
    const wait = await deps.apiTokenFailures.retryAfter(address);
    if (wait) throw tooMany(wait);
    const given = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1]?.trim();
    if (!await matchesDigest(await expected, given)) {
      await deps.apiTokenFailures.fail(address);
      throw new AppError("ERR_INVALID_METRICS_TOKEN", 401);
    }
    const { text, contentType } = await metrics.exposition();
    return c.body(text, 200, { "content-type": contentType, "cache-control": "no-store" });
  };
}
