// The user as the client sees it: never the password hash or token version.
import { asc, eq, inArray } from "drizzle-orm";
import type { TenantDb } from "../../tenancy/registry.ts";
import { queues, userQueues, users, whatsapps } from "../../../db/tenant/schema.ts";

export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  profile: users.profile,
  super: users.super,
  allTicket: users.allTicket,
  whatsappId: users.whatsappId,
  language: users.language,
  online: users.online,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type Row = Omit<typeof users.$inferSelect, "passwordHash" | "tokenVersion">;
export type UserDto = Row & {
  companyId: number;
  queues: { id: number; name: string; color: string }[];
  whatsapp: { id: number; name: string } | null;
};

/** The queues of these users, by name, in one query: a lookup by user id. */
export async function queuesOf(db: TenantDb, ids: number[]) {
  const rows = ids.length
    ? await db.select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues).innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(inArray(userQueues.userId, ids)).orderBy(asc(queues.name))
    : [];
  return (userId: number) => rows.filter((q) => q.userId === userId).map(({ id, name, color }) => ({ id, name, color }));
}

/** Adds queues and default connection to rows, with two queries for the whole page. */
export async function withRelations(db: TenantDb, companyId: number, rows: Row[]): Promise<UserDto[]> {
  if (!rows.length) return [];
  const qs = await queuesOf(db, rows.map((r) => r.id));
  const wIds = [...new Set(rows.map((r) => r.whatsappId).filter((x): x is number => x !== null))];
  const ws = wIds.length
    ? await db.select({ id: whatsapps.id, name: whatsapps.name }).from(whatsapps).where(inArray(whatsapps.id, wIds))
    : [];
  return rows.map((r) => ({
    ...r,
    companyId,
    queues: qs(r.id),
    whatsapp: ws.find((w) => w.id === r.whatsappId) ?? null,
  }));
}

export async function loadUser(db: TenantDb, companyId: number, id: number): Promise<UserDto | null> {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, id));
  return (await withRelations(db, companyId, rows))[0] ?? null;
}
