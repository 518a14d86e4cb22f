// Sign-in, refresh (rotating), logout, and password reset.
import { and, eq, gt, or, sql } from "drizzle-orm";
import { createHash, randomInt } from "node:crypto";
import { z } from "zod";
import type { Deps } from "../http/context.ts";
import type { Tenant } from "../tenancy/registry.ts";
import { passwordResets, userDirectory } from "../../db/control/schema.ts";
import { sessions, users } from "../../db/tenant/schema.ts";
import { AppError, sessionExpired } from "../http/errors.ts";
import { tooMany } from "../http/rate-limit.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.ts";
import { REFRESH_TTL_S } from "./tokens.ts";
import { companyAccessError, isOverdueError } from "../modules/companies/access.ts";
import { getCompany } from "../modules/companies/service.ts";
import { daysUntil } from "../modules/companies/due.ts";
import { getSetting, listSettings } from "../modules/settings/service.ts";
import { loadUser } from "../modules/users/dto.ts";
import { userRoom } from "../realtime/hub.ts";
import { log } from "../log.ts";
import { companyEvent } from "../../contracts/realtime.ts";

export const loginInput = z.object({
  email: z.string().trim().toLowerCase().min(1).max(120),
  password: z.string().min(1).max(200),
});

const ROTATION_GRACE_MS = 30_000;
const invalidCredentials = () => new AppError("ERR_INVALID_CREDENTIALS", 401, "authentication error");

export interface Issued {
  token: string;
  refreshToken: string;
  user: Awaited<ReturnType<typeof sessionUser>>;
}

/** The user as login, refresh and /auth/me answer it: with company, plan and settings. */
export async function sessionUser(deps: Deps, t: Tenant, userId: number) {
  const user = await loadUser(t.db, t.companyId, userId);
  if (!user) throw sessionExpired();
  const company = await getCompany(deps.control.db, t.companyId);
  return { ...user, company: { ...company, settings: await listSettings(t.db) } };
}

async function issue(deps: Deps, t: Tenant, userId: number, sid: string): Promise<Issued> {
  const [u] = await t.db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return {
    token: await deps.tokens.access({ sub: userId, cid: t.companyId, tv: u.tv, sid }),
    refreshToken: await deps.tokens.refresh({ sub: userId, cid: t.companyId, sid }),
    user: await sessionUser(deps, t, userId),
  };
}

const newSid = () => crypto.randomUUID();
const expiry = () => new Date(Date.now() + REFRESH_TTL_S * 1000).toISOString();

/** An inactive company signs nobody in; an overdue one only its admins (to pay: the overdue door). */
function assertMaySignIn(blocked: AppError | null, u: { profile: string; super: boolean }) {
  if (blocked && !(isOverdueError(blocked) && (u.profile === "admin" || u.super))) throw blocked;
}

export async function login(deps: Deps, input: z.infer<typeof loginInput>, ip: string) {
  const keys = [`ip:${ip}`, `acc:${input.email}`];
  const wait = Math.max(...await Promise.all(keys.map((k) => deps.loginLimiter.retryAfter(k))));
  if (wait) throw tooMany(wait);
  const fail = async () => {
    await Promise.all(keys.map((k) => deps.loginLimiter.fail(k)));
    return invalidCredentials();
  };
  const [entry] = await deps.control.db.select().from(userDirectory).where(eq(userDirectory.email, input.email));
  if (!entry) {
    await burnPasswordCheck(input.password);
    throw await fail();
  }
  return await deps.registry.with(entry.companyId, async (t) => {
    const [u] = await t.db.select({ id: users.id, hash: users.passwordHash, email: users.email, profile: users.profile, super: users.super })
      .from(users).where(eq(users.id, entry.userId));
    if (!u || !(await verifyPassword(input.password, u.hash))) throw await fail();
    assertMaySignIn(await companyAccessError(deps.control.db, entry.companyId, deps.clock()), u);
    await Promise.all(keys.map((k) => deps.loginLimiter.succeed(k)));
    const sid = newSid();
    const opened = t.db.insert(sessions).values({ id: sid, userId: u.id, expiresAt: expiry() });
    if (await getSetting(t.db, "allowMultipleSessions") === "enabled") {
      await t.db.batch([t.db.update(users).set({ online: true }).where(eq(users.id, u.id)), opened]);
    } else {
      // One session per user (spec): signing in here signs the older browser out.
      deps.hub.publish(t.companyId, companyEvent(t.companyId, "auth"), {
        action: "update",
        user: { id: u.id, email: u.email, companyId: t.companyId },
      }, userRoom(u.id));
      await t.db.batch([
        t.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: true })
          .where(eq(users.id, u.id)),
        t.db.delete(sessions).where(eq(sessions.userId, u.id)),
        opened,
      ]);
    }
    const issued = await issue(deps, t, u.id, sid);
    return { ...issued, dueInDays: dueInDays(deps, issued.user.company.dueDate) };
  });
}

/** Days to the due date by the program's clock (negative: overdue): the browser's own clock may disagree. */
export const dueInDays = (deps: Deps, dueDate: string | null) => dueDate ? daysUntil(dueDate, deps.clock()) : null;

export async function refresh(deps: Deps, cookie: string | undefined): Promise<Issued> {
  const claims = cookie ? await deps.tokens.verifyRefresh(cookie) : null;
  if (!claims) throw sessionExpired();
  const blocked = await companyAccessError(deps.control.db, claims.cid, deps.clock());
  if (blocked && !isOverdueError(blocked)) throw blocked;
  return await deps.registry.with(claims.cid, async (t) => {
    const [u] = await t.db.select({ profile: users.profile, super: users.super }).from(users).where(eq(users.id, claims.sub));
    if (!u) throw sessionExpired();
    assertMaySignIn(blocked, u);
    const now = new Date().toISOString();
    const graceStart = new Date(Date.now() - ROTATION_GRACE_MS).toISOString();
    const [s] = await t.db.select().from(sessions).where(and(
      eq(sessions.userId, claims.sub),
      gt(sessions.expiresAt, now),
      or(eq(sessions.id, claims.sid), and(eq(sessions.previousId, claims.sid), gt(sessions.rotatedAt, graceStart))),
    ));
    if (!s) throw sessionExpired();
    if (s.id !== claims.sid) return issue(deps, t, claims.sub, s.id);
    const sid = newSid();
    await t.db.update(sessions).set({ id: sid, previousId: s.id, rotatedAt: now, expiresAt: expiry() })
      .where(eq(sessions.id, s.id));
    return issue(deps, t, claims.sub, sid);
  });
}

export async function logout(deps: Deps, cookie: string | undefined) {
  const claims = cookie ? await deps.tokens.verifyRefresh(cookie) : null;
  if (!claims) return;
  const ended = await deps.registry.with(claims.cid, async (t) => {
    const [gone] = await t.db.batch([
      t.db.delete(sessions).where(or(eq(sessions.id, claims.sid), eq(sessions.previousId, claims.sid)))
        .returning({ id: sessions.id, previousId: sessions.previousId }),
      t.db.update(users).set({ online: false }).where(eq(users.id, claims.sub)),
    ]);
    return gone;
  }).catch((err) => {
    log.warn("logout failed", { error: String(err) });
    return [];
  });
  // Sockets and streams opened with any token of the session (before or after a refresh).
  const ids = ended.flatMap((s) => [s.id, s.previousId]).filter((id): id is string => !!id);
  deps.hub.closeSessions(claims.cid, [claims.sid, ...ids]);
}

// Password reset: a 6-digit code, valid 15 minutes, 5 tries.
export const RESET_TTL_MS = 15 * 60_000;
const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

export const forgotInput = z.object({ email: z.email().max(120).transform((e) => e.toLowerCase()) });
export const resetInput = forgotInput.extend({
  code: z.string().regex(/^\d{6}$/, "6 digits"),
  password: z.string().min(8).max(50)
    .regex(/[A-Z]/, "one uppercase letter").regex(/[a-z]/, "one lowercase letter").regex(/\d/, "one digit"),
});

/**
 * Whether the address has an account (only the spec's route tells the caller); with a
 * company (the reset page's ?companyId), an account of that company.
 */
export async function forgotPassword(
  deps: Deps,
  email: string,
  deliver: (email: string, code: string) => Promise<void>,
  companyId?: number,
) {
  const [entry] = await deps.control.db.select().from(userDirectory).where(eq(userDirectory.email, email));
  if (!entry || (companyId !== undefined && entry.companyId !== companyId)) return false;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const row = { email, codeHash: hashCode(code), expiresAt: new Date(Date.now() + RESET_TTL_MS).toISOString(), attempts: 0 };
  await deps.control.db.insert(passwordResets).values(row)
    .onConflictDoUpdate({ target: passwordResets.email, set: row });
  await deliver(email, code);
  return true;
}

export async function resetPassword(deps: Deps, input: z.infer<typeof resetInput>) {
  const bad = () => new AppError("ERR_INVALID_RESET_CODE", 400, "invalid or expired code", { field: "code" });
  const db = deps.control.db;
  const [r] = await db.select().from(passwordResets).where(eq(passwordResets.email, input.email));
  if (!r || r.expiresAt < new Date().toISOString() || r.attempts >= 5) throw bad();
  if (r.codeHash !== hashCode(input.code)) {
    await db.update(passwordResets).set({ attempts: r.attempts + 1 }).where(eq(passwordResets.email, input.email));
    throw bad();
  }
  const [entry] = await db.select().from(userDirectory).where(eq(userDirectory.email, input.email));
  if (!entry) throw bad();
  const passwordHash = await hashPassword(input.password);
  await deps.registry.with(entry.companyId, (t) =>
    t.db.batch([
      t.db.update(users).set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, entry.userId)),
      t.db.delete(sessions).where(eq(sessions.userId, entry.userId)),
    ]));
  await db.delete(passwordResets).where(eq(passwordResets.email, input.email));
}
