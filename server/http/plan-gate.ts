// The app-wide plan gate: every request on a route that PLAN_GATES names is refused when
// the caller's company plan lacks the flag, before the area's own routes run.
import { createMiddleware } from "hono/factory";
import type { AppEnv, Deps } from "./context.ts";
import { assertPlanFlag, gateOf, under } from "./plan.ts";
import { connectionByToken } from "../modules/api/service.ts";

/**
 * The company a request acts for, read from its credentials without judging them: the
 * area's own guard still checks them fully. No credentials, no company: the guard answers.
 */
async function callerCompany(deps: Deps, path: string, bearer: string | undefined) {
  if (!bearer) return null;
  if (under(path, "/api")) return (await connectionByToken(deps, bearer))?.companyId ?? null;
  return (await deps.tokens.verifyAccess(bearer))?.cid ?? null;
}

/** Answers ERR_PLAN_FEATURE_DISABLED on a gated route for a company whose plan lacks the flag. */
export const planGate = (deps: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const gate = gateOf(c.req.path);
    if (gate) {
      const bearer = c.req.header("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
      const companyId = await callerCompany(deps, c.req.path, bearer);
      if (companyId !== null) await assertPlanFlag(deps.control.db, companyId, gate.flag);
    }
    await next();
  });

