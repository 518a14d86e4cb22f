// The platform database handle: the program's one connection to control.db (driver.ts).
import { dirname } from "node:path";
import type { SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";
import * as schema from "../../db/control/schema.ts";
import { localDriver } from "./driver.ts";
import { migrate } from "./migrate.ts";

export type ControlDb = SqliteRemoteDatabase<typeof schema>;

export interface Control {
  db: ControlDb;
  close(): void;
}

export async function openControl(path: string): Promise<Control> {
  await Deno.mkdir(dirname(path), { recursive: true });
  const driver = localDriver(path, schema);
  try {
    await migrate(driver.runner, "control");
  } catch (err) {
    driver.close();
    throw err;
  }
  return { db: driver.db, close: driver.close };
}
