// Applies drizzle-kit's generated SQL. The applied count lives in PRAGMA user_version,
// so checking an up-to-date database costs one pragma: that keeps a tenant's cold
// open cheap. Migration files are read once per process.
import type { Client } from "@libsql/client";

/** What migrating needs from a connection, whichever driver holds it. */
export interface SqlRunner {
  scalar(sql: string): Promise<unknown>;
  /** All statements in one transaction. */
  batch(statements: string[]): Promise<void>;
}

export const clientRunner = (client: Client): SqlRunner => ({
  scalar: async (sql) => (await client.execute(sql)).rows[0]?.[0],
  batch: async (statements) => void await client.batch(statements, "write"),
});

interface Migration {
  tag: string;
  statements: string[];
}

const cache = new Map<string, Promise<Migration[]>>();

function migrationsDir(folder: "control" | "tenant") {
  return new URL(`../../db/migrations/${folder}/`, import.meta.url);
}

async function readMigrations(folder: "control" | "tenant"): Promise<Migration[]> {
  const dir = migrationsDir(folder);
  const journal = JSON.parse(await Deno.readTextFile(new URL("meta/_journal.json", dir))) as {
    entries: { idx: number; tag: string }[];
  };
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  return await Promise.all(entries.map(async (e) => {
    const sql = await Deno.readTextFile(new URL(`${e.tag}.sql`, dir));
    const statements = sql.split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
    return { tag: e.tag, statements };
  }));
}

export function migrations(folder: "control" | "tenant") {
  let p = cache.get(folder);
  if (!p) {
    p = readMigrations(folder);
    cache.set(folder, p);
  }
  return p;
}

/** How many migrations the database has. */
export async function version(db: SqlRunner) {
  return Number(await db.scalar("PRAGMA user_version") ?? 0);
}

export async function migrate(db: SqlRunner, folder: "control" | "tenant") {
  const all = await migrations(folder);
  const current = await version(db);
  for (let i = current; i < all.length; i++) {
    // One transaction per migration: a crash leaves the database at a whole version.
    try {
      await db.batch([...all[i].statements, `PRAGMA user_version = ${i + 1}`]);
    } catch (err) {
      // Instances starting together on a shared database (CONTROL_DB_URL) race for the same
      // migration: the one that lost finds it applied.
      if (await version(db).catch(() => i) <= i) throw err;
    }
  }
}
