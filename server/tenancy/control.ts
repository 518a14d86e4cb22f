// The platform database handle: the program's one connection to control.db (driver.ts), or
// with CONTROL_DB_URL its client of a libSQL server, which instances on several hosts share.
import { dirname } from "node:path";
import type { SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";
import * as schema from "../../db/control/schema.ts";
import { type Driver, localDriver, remoteDriver } from "./driver.ts";
import { migrate } from "./migrate.ts";
import { type DbLocation, openClient } from "./open.ts";

export type ControlDb = SqliteRemoteDatabase<typeof schema>;

export interface Control {
  db: ControlDb;
  /** Its file, or null when it lives on a libSQL server (nothing here can copy it then). */
  file: string | null;
  close(): void;
}

/** `at`: the database file's path, or a libSQL server's location. */
export async function openControl(at: string | DbLocation): Promise<Control> {
  const file = typeof at === "string" ? at : null;
  let driver: Driver<typeof schema>;
  if (file !== null) {
    await Deno.mkdir(dirname(file), { recursive: true });
    driver = localDriver(file, schema);
  } else {
    driver = remoteDriver(openClient(at as DbLocation), schema);
  }
  try {
    await migrate(driver.runner, "control");
  } catch (err) {
    driver.close();
    if (file !== null) throw err;
    // The server's address (it holds no credentials: config.ts), never the token.
    throw new Error(`the control database at ${(at as DbLocation).url} could not be opened: ${err instanceof Error ? err.message : err}`, { cause: err });
  }
  return { db: driver.db, file, close: driver.close };
}
