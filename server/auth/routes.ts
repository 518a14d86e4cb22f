import { Hono } from "hono";
import { z } from "zod";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import type { AppEnv, Deps } from "../http/context.ts";
import { recordId, valid } from "../http/validate.ts";
import { tooMany } from "../http/rate-limit.ts";
import { requireAuth } from "./guard.ts";
import { REFRESH_TTL_S } from "./tokens.ts";
import * as svc from "./service.ts";
import { sendResetCode } from "./reset.ts";

export const REFRESH_COOKIE = "jrt";

export function authRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const setRefresh = (c: Context<AppEnv>, token: string) =>
    setCookie(c, REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: "Strict",
      secure: deps.config.cookieSecure,
      path: "/auth",
      maxAge: REFRESH_TTL_S,
    });

  app.post("/login", valid("json", svc.loginInput), async (c) => {
    const { refreshToken, ...rest } = await svc.login(deps, c.req.valid("json"), c.get("clientIp"));
    setRefresh(c, refreshToken);
    return c.json(rest);
  });

  app.post("/refresh_token", async (c) => {
    try {
      const { refreshToken, ...rest } = await svc.refresh(deps, getCookie(c, REFRESH_COOKIE));
      setRefresh(c, refreshToken);
      return c.json(rest);
    } catch (err) {
      deleteCookie(c, REFRESH_COOKIE, { path: "/auth" });
      throw err;
    }
  });

  app.delete("/logout", async (c) => {
    await svc.logout(deps, getCookie(c, REFRESH_COOKIE));
    deleteCookie(c, REFRESH_COOKIE, { path: "/auth" });
    return c.body(null, 204);
  });

  app.get("/me", requireAuth(deps), async (c) => {
    const user = await svc.sessionUser(deps, c.get("tenant"), c.get("actor").userId);
    const { dueDate, trialExpiration } = user.company;
    return c.json({ ...user, dueInDays: svc.dueInDays(deps, dueDate), trialInDays: svc.dueInDays(deps, trialExpiration) });
  });

  app.post("/forgot-password", valid("json", svc.forgotInput), async (c) => {
    await limitResetRequests(deps, c);
    await svc.forgotPassword(deps, c.req.valid("json").email, sendResetCode(deps));
    return c.body(null, 204);
  });

  app.post("/reset-password", valid("json", svc.resetInput), async (c) => {
    await svc.resetPassword(deps, c.req.valid("json"));
    return c.body(null, 204);
  });
  return app;
}

/** Code requests share one budget per client IP, whichever route they come by. */
async function limitResetRequests(deps: Deps, c: Context<AppEnv>) {
  const key = `reset:${c.get("clientIp")}`;
  const wait = await deps.signupLimiter.retryAfter(key);
  if (wait) throw tooMany(wait);
  await deps.signupLimiter.fail(key);
}

const resetPathInput = z.object({
  email: svc.forgotInput.shape.email,
  token: svc.resetInput.shape.code,
  newPassword: svc.resetInput.shape.password,
});

/** The reset page's optional company (/forgetpsw?companyId=): the address must be one of its accounts. */
const resetCompanyQuery = z.object({ companyId: recordId.optional() });

/**
 * Password reset at the spec's client's paths. It reads `status` from the body: 404 means no
 * account has the address. The new password travels in the path, so the request log shows
 * these paths redacted (loggablePath).
 */
export function specResetRoutes(deps: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.post("/forgetpassword/:email", valid("param", svc.forgotInput), valid("query", resetCompanyQuery), async (c) => {
    await limitResetRequests(deps, c);
    const { companyId } = c.req.valid("query");
    const found = await svc.forgotPassword(deps, c.req.valid("param").email, sendResetCode(deps), companyId);
    return c.json(found
      ? { status: 200, message: "a reset code was issued" }
      : { status: 404, error: "ERR_NO_USER_FOUND", message: "no account has this e-mail" });
  });
  app.post("/resetpasswords/:email/:token/:newPassword", valid("param", resetPathInput), async (c) => {
    const p = c.req.valid("param");
    await svc.resetPassword(deps, { email: p.email, code: p.token, password: p.newPassword });
    return c.json({ status: 200, message: "password changed" });
  });
  return app;
}

/** A request path as the log may show it: never the reset paths' code and password. */
export const loggablePath = (path: string) =>
  /^\/*resetpasswords(\/|$)/i.test(path) ? "/resetpasswords/[redacted]" : path;
