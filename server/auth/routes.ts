import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import type { AppEnv, Deps } from "../http/context.ts";
import { valid } from "../http/validate.ts";
import { tooMany } from "../http/rate-limit.ts";
import { requireAuth } from "./guard.ts";
import { REFRESH_TTL_S } from "./tokens.ts";
import * as svc from "./service.ts";
import { log } from "../log.ts";

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

  app.get("/me", requireAuth(deps), async (c) =>
    c.json(await svc.sessionUser(deps, c.get("tenant"), c.get("actor").userId)));

  app.post("/forgot-password", valid("json", svc.forgotInput), async (c) => {
    const key = `reset:${c.get("clientIp")}`;
    const wait = deps.signupLimiter.retryAfter(key);
    if (wait) throw tooMany(wait);
    deps.signupLimiter.fail(key);
    // No mail server is configured in the embedded default: the operator reads the code
    // from the log and passes it on.
    await svc.forgotPassword(deps, c.req.valid("json").email, (email, code) => {
      log.warn("password reset code issued", { email, code });
      return Promise.resolve();
    });
    return c.body(null, 204);
  });

  app.post("/reset-password", valid("json", svc.resetInput), async (c) => {
    await svc.resetPassword(deps, c.req.valid("json"));
    return c.body(null, 204);
  });
  return app;
}
