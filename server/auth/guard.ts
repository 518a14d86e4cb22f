// The auth guard: bearer token -> verified Actor + the caller's tenant handle.
// The user row and the token's session row are read on every request (one statement,
// both by key), so a demotion, a deletion, a login elsewhere (token version bump) or a
// logout (session row deleted) takes effect at once, not when the token expires.
import { eq, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Actor, AppEnv, Deps } from "../http/context.ts";
import { AppError, noPermission, sessionExpired } from "../http/errors.ts";
import { sessions, users } from "../../db/tenant/schema.ts";
import { companyAccessError, isOverdueError, onOverdueDoor } from "../modules/companies/access.ts";
import { may } from "../../contracts/profiles.ts";

const invalid = () => new AppError("ERR_INVALID_TOKEN", 403, "invalid or expired token");

/**
 * Checks a token and returns the caller (and whether its company is overdue); the tenant
 * is borrowed only for the check. `door`: the request is one an overdue company's admin
 * may still make.
 */
export async function resolveActor(deps: Deps, token: string | undefined, door = false) {
  const t = await acquireForToken(deps, token, door);
  deps.registry.release(t.tenant);
  return { actor: t.actor, overdue: t.overdue };
}

async function acquireForToken(deps: Deps, token: string | undefined, door: boolean) {
  if (!token) throw sessionExpired();
  const claims = await deps.tokens.verifyAccess(token);
  if (!claims) throw invalid();
  const companyErr = await companyAccessError(deps.control.db, claims.cid, deps.clock());
  const overdue = isOverdueError(companyErr);
  if (companyErr && !(overdue && door)) throw companyErr;
  const tenant = await deps.registry.acquire(claims.cid);
  try {
    const now = new Date().toISOString();
    const live = sql`${sessions.userId} = ${users.id} AND ${sessions.expiresAt} > ${now}`;
    const [u] = await tenant.db.select({
      id: users.id,
      profile: users.profile,
      super: users.super,
      email: users.email,
      tokenVersion: users.tokenVersion,
      // 2: the token's session (or the one that replaced it on refresh) is live;
      // 1: another session of the user is; 0: none, signed out.
      session: sql<number>`CASE
        WHEN EXISTS (SELECT 1 FROM ${sessions} WHERE ${live} AND ${sessions.id} = ${claims.sid}) THEN 2
        WHEN EXISTS (SELECT 1 FROM ${sessions} WHERE ${live} AND ${sessions.previousId} = ${claims.sid}) THEN 2
        WHEN EXISTS (SELECT 1 FROM ${sessions} WHERE ${live}) THEN 1 ELSE 0 END`,
    }).from(users).where(eq(users.id, claims.sub));
    if (!u || u.tokenVersion !== claims.tv) throw invalid();
    if (u.session === 0) throw sessionExpired();
    // A token older than the last refresh but one: the client refreshes and goes on.
    if (u.session === 1) throw invalid();
    const actor: Actor = {
      userId: u.id,
      companyId: claims.cid,
      profile: u.profile,
      super: u.super,
      email: u.email,
      sessionId: claims.sid,
    };
    // Through the overdue door go the company's admins only.
    if (companyErr && !isAdmin(actor)) throw companyErr;
    return { actor, tenant, overdue };
  } catch (err) {
    deps.registry.release(tenant);
    throw err;
  }
}

export const requireAuth = (deps: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("authorization");
    const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
    const { actor, tenant } = await acquireForToken(deps, token, onOverdueDoor(c.req.method, c.req.path));
    c.set("actor", actor);
    c.set("tenant", tenant);
    try {
      await next();
    } finally {
      deps.registry.release(tenant);
    }
  });

// What each profile may do is declared once, in contracts/profiles.ts.
export const isAdmin = (a: Actor) => may(a, "administer");

/** Admins and supervisors: every ticket of their queues (all queues for admins), the dashboard. */
export const isSupervisor = (a: Actor) => may(a, "supervise");

export function assertAdmin(a: Actor) {
  if (!isAdmin(a)) throw noPermission();
}

export function assertSuper(a: Actor) {
  if (!a.super) throw noPermission();
}

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  assertAdmin(c.get("actor"));
  await next();
});

/** Admins and supervisors: who configures the outreach (campaigns, their lists). */
export const isManager = (a: Actor) => may(a, "configureOutreach");

export const requireManager = createMiddleware<AppEnv>(async (c, next) => {
  if (!isManager(c.get("actor"))) throw noPermission();
  await next();
});

export const requireSupervisor = createMiddleware<AppEnv>(async (c, next) => {
  if (!isSupervisor(c.get("actor"))) throw noPermission();
  await next();
});

export const requireSuper = createMiddleware<AppEnv>(async (c, next) => {
  assertSuper(c.get("actor"));
  await next();
});
