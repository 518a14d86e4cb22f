// Prepared statements per open database, for the hot paths: building a drizzle query
// costs more than running it, so the inbound pipeline builds each of its queries once
// per handle (a handle evicted from the registry takes its statements with it).
import { eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { TenantDb } from "./registry.ts";

const cache = new WeakMap<TenantDb, Map<string, unknown>>();

export function prepared<T>(db: TenantDb, name: string, build: (db: TenantDb) => T): T {
  let mine = cache.get(db);
  if (!mine) cache.set(db, mine = new Map());
  let stmt = mine.get(name) as T | undefined;
  if (stmt === undefined) mine.set(name, stmt = build(db));
  return stmt;
}

type WithId = SQLiteTable & { id: SQLiteColumn };

/**
 * `UPDATE table SET <the patch's columns> WHERE id = ?`, prepared once per caller and set of
 * columns (`also`: SQL set alongside, the same for every call of that caller). The moves and
 * sends update a row a ticket each: the statement's build was most of their cost.
 */
export async function updateById<T extends WithId>(
  db: TenantDb,
  table: T,
  caller: string,
  id: number,
  patch: Partial<T["$inferInsert"]>,
  also: Record<string, SQL> = {},
) {
  const values = patch as Record<string, unknown>;
  const keys = Object.keys(values).filter((k) => values[k] !== undefined).sort();
  const stmt = prepared(db, `update:${caller}:${keys.join(",")}`, (d) =>
    d.update(table)
      .set({ ...Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])), ...also } as T["$inferInsert"])
      .where(eq(table.id, sql.placeholder("rowId"))).prepare());
  await stmt.run({ ...values, rowId: id });
}
