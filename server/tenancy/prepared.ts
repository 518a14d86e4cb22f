// Prepared statements per open database, for the hot paths: building a drizzle query
// costs more than running it, so the inbound pipeline builds each of its queries once
// per handle (a handle evicted from the registry takes its statements with it).
import type { TenantDb } from "./registry.ts";

const cache = new WeakMap<TenantDb, Map<string, unknown>>();

export function prepared<T>(db: TenantDb, name: string, build: (db: TenantDb) => T): T {
  let mine = cache.get(db);
  if (!mine) cache.set(db, mine = new Map());
  let stmt = mine.get(name) as T | undefined;
  if (stmt === undefined) mine.set(name, stmt = build(db));
  return stmt;
}
