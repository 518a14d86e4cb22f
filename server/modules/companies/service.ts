// Companies: the control row, its own database, its first admin and settings.
import { count, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { recordId, noneable } from "../../http/validate.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import type { TenantRegistry } from "../../tenancy/registry.ts";
import { companies, userDirectory } from "../../../db/control/schema.ts";
import { users } from "../../../db/tenant/schema.ts";
import { AppError, noPermission, notFound } from "../../http/errors.ts";
import type { Actor } from "../../http/context.ts";
import { likePattern, pageOf, pageWindow } from "../../http/paging.ts";
import { hashPassword } from "../../auth/password.ts";
import { getSetting, listSettings, seedSettings, updateSetting } from "../settings/service.ts";
import type { Hub } from "../../realtime/hub.ts";
import { getPlan, listPlans, type Plan } from "../plans/service.ts";
import { addDays, addMonths, RECURRENCE_MONTHS, today } from "./due.ts";
import { PLATFORM_COMPANY_ID } from "./access.ts";
import { deleteTenantFiles, type TenantLocator } from "./locator.ts";
import { writeUnique } from "../../http/conflicts.ts";
import { type DayHours, weekInput, weekOf } from "./weekly-hours.ts";
import { may } from "../../../contracts/profiles.ts";

export const COMPANIES_PAGE = 20;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/, "YYYY-MM-DD").transform((d) => d.slice(0, 10));
const recurrence = z.enum(Object.keys(RECURRENCE_MONTHS) as [keyof typeof RECURRENCE_MONTHS]);
export const schedulesInput = z.object({ schedules: weekInput });

const companyFields = {
  name: z.string().trim().min(2).max(50),
  email: z.email().max(120).transform((e) => e.toLowerCase()),
  phone: z.string().trim().max(20),
  planId: recordId,
  status: z.boolean(),
  dueDate: isoDate,
  recurrence,
  language: z.enum(["pt", "en", "es"]),
  billingName: z.string().max(100),
  zip: z.string().max(20),
  street: z.string().max(200),
  state: z.string().max(50),
  city: z.string().max(100),
  district: z.string().max(100),
};
export const companyInput = z.object({
  ...companyFields,
  phone: companyFields.phone.default(""),
  status: companyFields.status.default(true),
  dueDate: noneable(isoDate),
  recurrence: recurrence.default("MENSAL"),
  language: companyFields.language.default("pt"),
  password: z.string().min(5).max(50).optional(),
  campaignsEnabled: z.boolean().optional(),
  /** A trial of so many days: its end is the first due date. Otherwise one recurrence ahead. */
  trialDays: z.number().int().min(1).max(365).optional(),
}).partial({ billingName: true, zip: true, street: true, state: true, city: true, district: true });
// No defaults: what an update leaves out stays as it is.
export const companyUpdate = z.object({ ...companyFields, campaignsEnabled: z.boolean() }).partial();
export type CompanyInput = z.infer<typeof companyInput>;

export const signupInput = z.object({
  name: z.string().trim().min(2).max(50),
  email: z.email().max(120).transform((e) => e.toLowerCase()),
  phone: z.string().regex(/^\d{10,11}$/, "phone must have 10 or 11 digits").or(z.literal("")).default(""),
  password: z.string().min(5).max(50),
  planId: recordId,
});

const columns = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  phone: companies.phone,
  planId: companies.planId,
  nextPlanId: companies.nextPlanId,
  status: companies.status,
  dueDate: companies.dueDate,
  trialExpiration: companies.trialExpiration,
  recurrence: companies.recurrence,
  language: companies.language,
  schedules: companies.schedules,
  billingName: companies.billingName,
  zip: companies.zip,
  street: companies.street,
  state: companies.state,
  city: companies.city,
  district: companies.district,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};
type Row = Omit<typeof companies.$inferSelect, "dbUrl" | "dbAuthToken">;
export type CompanyDto = Row & { schedules: DayHours[]; plan: Plan | null };

export interface CompanyDeps {
  control: ControlDb;
  registry: TenantRegistry;
  locator: TenantLocator;
  /** The program's now: a new company's due date and trial start from its today. */
  clock: () => Date;
}

async function attachPlans(db: ControlDb, rows: Row[]): Promise<CompanyDto[]> {
  const plans = new Map((await listPlans(db)).map((p) => [p.id, p]));
  return rows.map((r) => ({ ...r, schedules: weekOf(r.schedules), plan: plans.get(r.planId) ?? null }));
}

export async function getCompany(db: ControlDb, id: number): Promise<CompanyDto> {
  const rows = await db.select(columns).from(companies).where(eq(companies.id, id));
  if (!rows.length) throw notFound("ERR_NO_COMPANY_FOUND");
  return (await attachPlans(db, rows))[0];
}

export async function listCompanies(db: ControlDb, search: string, pageNumber: number) {
  const pattern = likePattern(search);
  const where = search
    ? or(sql`lower(${companies.name}) LIKE ${pattern} ESCAPE '\\'`, sql`${companies.email} LIKE ${pattern} ESCAPE '\\'`)
    : undefined;
  const { limit, offset } = pageWindow(pageNumber, COMPANIES_PAGE);
  const rows = await db.select(columns).from(companies).where(where).orderBy(companies.name)
    .limit(limit).offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(companies).where(where);
  const page = pageOf(rows, COMPANIES_PAGE);
  return { companies: await attachPlans(db, page.rows), count: n, hasMore: page.hasMore };
}

export async function listAllCompanies(db: ControlDb) {
  return attachPlans(db, await db.select(columns).from(companies).orderBy(companies.name).limit(5000));
}

async function assertNameFree(db: ControlDb, name: string, exceptId?: number) {
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (c && c.id !== exceptId) {
    throw new AppError("ERR_COMPANY_NAME_EXISTS", 409, "a company with this name exists", { field: "name" });
  }
}

async function assertEmailFree(db: ControlDb, email: string) {
  const [d] = await db.select({ e: userDirectory.email }).from(userDirectory).where(eq(userDirectory.email, email));
  if (d) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409, "this email is already in use", { field: "email" });
}

export interface NewCompany extends CompanyInput {
  adminName?: string;
  adminSuper?: boolean;
  trialExpiration?: string;
  id?: number;
}

/**
 * Creates the company row, opens (and so migrates) its database, writes its settings and
 * first admin, and registers the admin's email. Undone as a whole if any step fails.
 */
export async function createCompany(deps: CompanyDeps, input: NewCompany, adminPassword: string) {
  const { control } = deps;
  await getPlan(control, input.planId);
  const trialEnd = input.trialDays ? addDays(today(deps.clock()), input.trialDays) : undefined;
  const trialExpiration = input.trialExpiration ?? trialEnd;
  await assertNameFree(control, input.name);
  await assertEmailFree(control, input.email);
  const [row] = await writeUnique(() => control.insert(companies).values({
    id: input.id,
    name: input.name,
    email: input.email,
    phone: input.phone,
    planId: input.planId,
    status: input.status,
    dueDate: input.dueDate ?? trialExpiration ??
      addMonths(today(deps.clock()), RECURRENCE_MONTHS[input.recurrence]),
    trialExpiration: trialExpiration ?? null,
    recurrence: input.recurrence,
    language: input.language,
    dbUrl: "pending",
  }).returning({ id: companies.id }), () => assertNameFree(control, input.name));
  const id = row.id;
  try {
    const loc = deps.locator.forNew(id);
    await control.update(companies).set({ dbUrl: loc.url, dbAuthToken: await deps.locator.sealToken(id, loc.authToken) })
      .where(eq(companies.id, id));
    await deps.registry.with(id, async (t) => {
      await seedSettings(t.db, input.campaignsEnabled === undefined ? {} : {
        campaignsEnabled: String(input.campaignsEnabled),
      });
      const [admin] = await t.db.insert(users).values({
        name: input.adminName ?? "Admin",
        email: input.email,
        passwordHash: await hashPassword(adminPassword),
        profile: "admin",
        super: input.adminSuper ?? false,
        language: input.language,
      }).returning({ id: users.id });
      await writeUnique(
        () => control.insert(userDirectory).values({ email: input.email, companyId: id, userId: admin.id }),
        () => assertEmailFree(control, input.email),
      );
    });
  } catch (err) {
    await removeCompany(deps, id);
    throw err;
  }
  return getCompany(control, id);
}

/** A super user reaches every company; others only their own (as admins, when asked). */
export function assertCompanyAccess(actor: Actor, companyId: number, opts: { adminOnly?: boolean } = {}) {
  if (actor.super) return;
  if (actor.companyId !== companyId) throw noPermission();
  if (opts.adminOnly && !may(actor, "administer")) throw noPermission();
}

export async function signup(deps: CompanyDeps, input: z.infer<typeof signupInput>) {
  const open = await deps.registry.with(PLATFORM_COMPANY_ID, (t) => getSetting(t.db, "userCreation"));
  if (open === "disabled") throw new AppError("ERR_USER_CREATION_DISABLED", 403, "disabled by administrator");
  const trial = addDays(today(deps.clock()), 3);
  return await createCompany(deps, {
    ...input,
    status: true,
    dueDate: trial,
    trialExpiration: trial,
    recurrence: "MENSAL",
    language: "pt",
    campaignsEnabled: true,
  }, input.password);
}

/** `hub`: the company's browsers hear a change of its campaigns setting (their menu follows it). */
export async function updateCompany(
  deps: CompanyDeps,
  id: number,
  update: z.infer<typeof companyUpdate>,
  hub: Hub,
) {
  const db = deps.control;
  const { campaignsEnabled, ...input } = update;
  await getCompany(db, id);
  const nameFree = async () => input.name && await assertNameFree(db, input.name, id);
  await nameFree();
  if (input.planId) await getPlan(db, input.planId);
  await writeUnique(
    () => db.update(companies).set({ ...input, updatedAt: new Date().toISOString() }).where(eq(companies.id, id)),
    nameFree,
  );
  // Whether the company shows its campaigns area is one of its own settings (seed 001).
  if (campaignsEnabled !== undefined) {
    await deps.registry.with(id, (t) => updateSetting(t, hub, "campaignsEnabled", String(campaignsEnabled)));
  }
  // An open handle carries the language it was opened with: the next use reopens it.
  if (input.language) await deps.registry.forget(id);
  return getCompany(db, id);
}

/** The expire action (seed 001): the due date advances by the company's recurrence, from the due date it had. */
export async function renewCompany(db: ControlDb, id: number, now: Date) {
  const c = await getCompany(db, id);
  const months = RECURRENCE_MONTHS[c.recurrence as keyof typeof RECURRENCE_MONTHS] ?? RECURRENCE_MONTHS.MENSAL;
  const dueDate = addMonths(c.dueDate ?? today(now), months);
  await db.update(companies).set({ dueDate, updatedAt: new Date().toISOString() }).where(eq(companies.id, id));
  return getCompany(db, id);
}

export async function updateSchedules(db: ControlDb, id: number, schedules: DayHours[]) {
  await getCompany(db, id);
  await db.update(companies).set({ schedules, updatedAt: new Date().toISOString() }).where(eq(companies.id, id));
  return getCompany(db, id);
}

async function removeCompany(deps: CompanyDeps, id: number) {
  const [c] = await deps.control.select({ dbUrl: companies.dbUrl }).from(companies).where(eq(companies.id, id));
  await deps.registry.forget(id);
  await deps.control.delete(companies).where(eq(companies.id, id));
  if (c) await deleteTenantFiles(deps.locator, c.dbUrl);
}

export async function deleteCompany(deps: CompanyDeps, id: number) {
  if (id === PLATFORM_COMPANY_ID) {
    throw new AppError("ERR_NO_PERMISSION", 403, "the platform company cannot be deleted");
  }
  await getCompany(deps.control, id);
  await removeCompany(deps, id);
}

export async function companyWithSettings(deps: CompanyDeps, id: number) {
  const company = await getCompany(deps.control, id);
  const settings = await deps.registry.with(id, (t) => listSettings(t.db));
  return { ...company, settings };
}
