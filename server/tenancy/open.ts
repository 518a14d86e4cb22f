// Where a database lives, and the client of a remote one (libsql://, http(s)://). Local
// files are opened by driver.ts, one connection each.
import { type Client, createClient } from "@libsql/client";

export interface DbLocation {
  url: string;
  authToken?: string | null;
}

export function openClient(loc: DbLocation): Client {
  return createClient({ url: loc.url, authToken: loc.authToken ?? undefined });
}
