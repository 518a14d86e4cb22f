// The platform database handle.
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import type { Client } from "@libsql/client";
import * as schema from "../../db/control/schema.ts";
import { clientRunner, migrate } from "./migrate.ts";
import { openClient } from "./open.ts";

export type ControlDb = LibSQLDatabase<typeof schema>;

export interface Control {
  db: ControlDb;
  client: Client;
}

export async function openControl(path: string): Promise<Control> {
  const client = await openClient({ url: `file:${path}` });
  await migrate(clientRunner(client), "control");
  return { client, db: drizzle(client, { schema }) };
}
