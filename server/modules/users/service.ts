// Users of one company: the rules of seed 000 sections 5 and 6.
import { and, count, eq, inArray, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { noneable } from "../../http/validate.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import { ACCESS_CHANGED, type Hub } from "../../realtime/hub.ts";
import type { Actor } from "../../http/context.ts";
import { queues, userQueues, users, whatsapps } from "../../../db/tenant/schema.ts";
import { companies, plans, userDirectory } from "../../../db/control/schema.ts";
import { AppError, noPermission, notFound } from "../../http/errors.ts";
import { likePattern, pageOf, pageWindow } from "../../http/paging.ts";
import { hashPassword } from "../../auth/password.ts";
import { getSetting } from "../settings/service.ts";
import { isAdmin } from "../../auth/guard.ts";
import { loadUser, queuesOf, userColumns, type UserDto, withRelations } from "./dto.ts";
import { oneAtATime } from "../../tenancy/one-at-a-time.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { PROFILES } from "../../../contracts/profiles.ts";

export const USERS_PAGE = 20;

const email = z.email().max(120).transform((e) => e.trim().toLowerCase());
const fields = {
  name: z.string().trim().min(2).max(50),
  email,
  password: z.string().min(5).max(50),
  profile: z.enum(PROFILES),
  allTicket: z.enum(["enabled", "desabled"]),
  queueIds: z.array(z.number().int().positive()).max(500),
  whatsappId: noneable(z.number().int().positive()),
  super: z.boolean(),
  language: z.enum(["pt", "en", "es"]),
};
export const userCreate = z.object({
  ...fields,
  profile: fields.profile.default("user"),
  allTicket: fields.allTicket.default("desabled"),
  queueIds: fields.queueIds.default([]),
  whatsappId: fields.whatsappId.transform((v) => v ?? null),
  super: fields.super.default(false),
  language: fields.language.default("pt"),
});
// No defaults here: a field left out of an update stays as it is.
export const userUpdate = z.object(fields).partial().extend({
  password: fields.password.optional().or(z.literal("").transform(() => undefined)),
});
export type UserCreate = z.infer<typeof userCreate>;
export type UserUpdate = z.infer<typeof userUpdate>;

export interface UserCtx {
  tenant: Tenant;
  control: ControlDb;
  hub: Hub;
  actor: Actor;
}

const publish = (ctx: UserCtx, data: Record<string, unknown>) =>
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "user"), data);

export async function listUsers(t: Tenant, search: string, pageNumber: number) {
  const where = search
    ? or(sql`lower(${users.name}) LIKE ${likePattern(search)} ESCAPE '\\'`,
      sql`${users.email} LIKE ${likePattern(search)} ESCAPE '\\'`)
    : undefined;
  const { limit, offset } = pageWindow(pageNumber, USERS_PAGE);
  const rows = await t.db.select(userColumns).from(users).where(where)
    .orderBy(users.name, users.id).limit(limit).offset(offset);
  const [{ n }] = await t.db.select({ n: count() }).from(users).where(where);
  const page = pageOf(rows, USERS_PAGE);
  return { users: await withRelations(t.db, t.companyId, page.rows), count: n, hasMore: page.hasMore };
}

/** Everybody, for the pickers; each with their queues, so a transfer can offer the colleague's. */
export async function listUsersBrief(t: Tenant) {
  const rows = await t.db.select({ id: users.id, name: users.name, profile: users.profile }).from(users).orderBy(users.name);
  const queuesOfUser = await queuesOf(t.db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, queues: queuesOfUser(r.id) }));
}

export async function getUser(t: Tenant, actor: Actor, id: number): Promise<UserDto> {
  if (!isAdmin(actor) && actor.userId !== id) throw noPermission();
  const u = await loadUser(t.db, t.companyId, id);
  if (!u) throw notFound("ERR_NO_USER_FOUND");
  return u;
}

async function assertRefs(t: Tenant, queueIds: number[] | undefined, whatsappId: number | null | undefined) {
  if (queueIds?.length) {
    const found = await t.db.select({ id: queues.id }).from(queues).where(inArray(queues.id, queueIds));
    if (found.length !== new Set(queueIds).size) {
      throw new AppError("ERR_VALIDATION", 400, "queueIds: unknown queue", { field: "queueIds" });
    }
  }
  if (whatsappId) {
    const [w] = await t.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, whatsappId));
    if (!w) throw notFound("ERR_NO_WAPP_FOUND");
  }
}

async function assertUnderPlanLimit(ctx: UserCtx) {
  const [p] = await ctx.control.select({ users: plans.users }).from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, ctx.tenant.companyId));
  const [{ n }] = await ctx.tenant.db.select({ n: count() }).from(users);
  // 0 means the plan sets no limit.
  if (p && p.users > 0 && n >= p.users) {
    throw new AppError("ERR_USER_LIMIT_REACHED", 403, `Número máximo de usuários já alcançado: ${p.users}`, { limit: p.users });
  }
}

const emailTaken = () =>
  new AppError("ERR_EMAIL_ALREADY_EXISTS", 409, "this email is already in use", { field: "email" });

/** Claims the email platform-wide; the directory's primary key makes it atomic. */
async function claimEmail(ctx: UserCtx, address: string, userId: number) {
  const res = await ctx.control.insert(userDirectory)
    .values({ email: address, companyId: ctx.tenant.companyId, userId }).onConflictDoNothing()
    .returning({ email: userDirectory.email });
  if (!res.length) throw emailTaken();
}

async function moveEmail(ctx: UserCtx, from: string, to: string) {
  const [taken] = await ctx.control.select({ e: userDirectory.email }).from(userDirectory)
    .where(eq(userDirectory.email, to));
  if (taken) throw emailTaken();
  try {
    await ctx.control.update(userDirectory).set({ email: to }).where(eq(userDirectory.email, from));
  } catch {
    throw emailTaken(); // lost a race for the same address
  }
}

export async function createUser(ctx: UserCtx, input: UserCreate): Promise<UserDto> {
  const { actor, tenant: t } = ctx;
  if (!actor.super && (await getSetting(t.db, "userCreation")) === "disabled") {
    throw new AppError("ERR_USER_CREATION_DISABLED", 403, "disabled by administrator");
  }
  if (input.super && !actor.super) throw noPermission();
  await assertUnderPlanLimit(ctx);
  await assertRefs(t, input.queueIds, input.whatsappId);
  const passwordHash = await hashPassword(input.password);
  const id = await oneAtATime(t.companyId, "users", async () => {
    await assertUnderPlanLimit(ctx); // again, now alone: others may have taken the room
    const inserted = await t.db.insert(users).values({
      name: input.name,
      email: input.email,
      passwordHash,
      profile: input.profile,
      allTicket: input.allTicket,
      whatsappId: input.whatsappId,
      super: input.super,
      language: input.language,
    }).onConflictDoNothing().returning({ id: users.id });
    if (!inserted.length) throw emailTaken();
    return inserted[0].id;
  });
  try {
    await claimEmail(ctx, input.email, id);
  } catch (err) {
    await t.db.delete(users).where(eq(users.id, id));
    throw err;
  }
  if (input.queueIds.length) {
    await t.db.insert(userQueues).values(input.queueIds.map((queueId) => ({ userId: id, queueId })));
  }
  const user = (await loadUser(t.db, t.companyId, id))!;
  publish(ctx, { action: "create", user });
  return user;
}

async function adminCount(t: Tenant, exceptId: number) {
  const [{ n }] = await t.db.select({ n: count() }).from(users)
    .where(and(eq(users.profile, "admin"), ne(users.id, exceptId)));
  return n;
}

function assertSelfEditOnly(current: UserDto, input: UserUpdate) {
  const changes = (k: keyof UserUpdate, now: unknown) => input[k] !== undefined && input[k] !== now;
  const sameQueues = input.queueIds === undefined ||
    [...input.queueIds].sort().join() === current.queues.map((q) => q.id).sort().join();
  if (
    changes("profile", current.profile) || changes("allTicket", current.allTicket) ||
    changes("whatsappId", current.whatsappId) || !sameQueues
  ) throw noPermission();
}

export async function updateUser(ctx: UserCtx, id: number, input: UserUpdate): Promise<UserDto> {
  const { actor, tenant: t } = ctx;
  const current = await getUser(t, actor, id);
  if (!isAdmin(actor)) assertSelfEditOnly(current, input);
  if ((current.super || input.super !== undefined && input.super !== current.super) && !actor.super) {
    throw noPermission();
  }
  if (current.profile === "admin" && input.profile && input.profile !== "admin" && !(await adminCount(t, id))) {
    throw new AppError("ERR_LAST_ADMIN", 409, "the company needs at least one admin");
  }
  await assertRefs(t, input.queueIds, input.whatsappId);
  const emailChanged = input.email !== undefined && input.email !== current.email;
  if (emailChanged) await moveEmail(ctx, current.email, input.email!);
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date().toISOString() };
  for (const k of ["name", "email", "profile", "allTicket", "whatsappId", "super", "language"] as const) {
    if (input[k] !== undefined) (set as Record<string, unknown>)[k] = input[k];
  }
  if (input.password) {
    set.passwordHash = await hashPassword(input.password);
    // Someone else reset this password: sign the user out everywhere.
    if (actor.userId !== id) set.tokenVersion = sql`${users.tokenVersion} + 1` as unknown as number;
  }
  try {
    await t.db.update(users).set(set).where(eq(users.id, id));
  } catch (err) {
    if (emailChanged) await moveEmail(ctx, input.email!, current.email);
    throw err;
  }
  if (input.queueIds !== undefined) {
    await t.db.delete(userQueues).where(eq(userQueues.userId, id));
    if (input.queueIds.length) {
      await t.db.insert(userQueues).values(input.queueIds.map((queueId) => ({ userId: id, queueId })));
    }
  }
  const user = (await loadUser(t.db, t.companyId, id))!;
  publish(ctx, { action: "update", user });
  // Its sockets were opened with what the old profile may hear: they reconnect as the new one.
  if (user.profile !== current.profile || user.super !== current.super) {
    ctx.hub.closeUser(t.companyId, id, ACCESS_CHANGED);
  }
  return user;
}

export async function deleteUser(ctx: UserCtx, id: number) {
  const { actor, tenant: t } = ctx;
  if (actor.userId === id) throw new AppError("ERR_CANNOT_DELETE_SELF", 409, "you cannot delete yourself");
  const current = await getUser(t, actor, id);
  if (current.super && !actor.super) throw noPermission();
  if (current.profile === "admin" && !(await adminCount(t, id))) {
    throw new AppError("ERR_LAST_ADMIN", 409, "the company needs at least one admin");
  }
  await t.db.delete(users).where(eq(users.id, id));
  await ctx.control.delete(userDirectory).where(eq(userDirectory.email, current.email));
  publish(ctx, { action: "delete", userId: id });
}

export async function setLanguage(ctx: UserCtx, language: "pt" | "en" | "es") {
  await ctx.tenant.db.update(users).set({ language }).where(eq(users.id, ctx.actor.userId));
  return { language };
}
