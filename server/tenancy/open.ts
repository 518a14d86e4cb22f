// Opens one SQLite/libSQL database with the settings every database of ours wants.
import { type Client, createClient } from "@libsql/client";
import { dirname } from "node:path";

export interface DbLocation {
  url: string;
  authToken?: string | null;
}

export async function openClient(loc: DbLocation): Promise<Client> {
  if (loc.url.startsWith("file:")) await Deno.mkdir(dirname(loc.url.slice(5)), { recursive: true });
  const client = createClient({
    url: loc.url,
    authToken: loc.authToken ?? undefined,
    // busy timeout in ms for local files: writers wait instead of failing.
    timeout: 5000,
  } as Parameters<typeof createClient>[0]);
  if (loc.url.startsWith("file:")) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  return client;
}
