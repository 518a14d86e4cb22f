// Where a database lives, and the client of a remote one (libsql://, http(s)://). Local
// files are opened by driver.ts, one connection each.
import { type Client, createClient } from "@libsql/client";

export interface DbLocation {
  url: string;
  authToken?: string | null;
}

/** How long one request to a libSQL server may take before it fails (a company's queries). */
export const REMOTE_TIMEOUT_MS = 30_000;

/** A libSQL server's client; each request gives up after `timeoutMs`. */
export function openClient(
  loc: DbLocation,
  o: { timeoutMs?: number; intMode?: "number" | "bigint" } = {},
): Client {
  const timeoutMs = o.timeoutMs ?? REMOTE_TIMEOUT_MS;
  const timed = (input: Request | URL | string, init?: RequestInit) => {
    const late = AbortSignal.timeout(timeoutMs);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, late]) : late });
  };
  return createClient({ url: loc.url, authToken: loc.authToken ?? undefined, intMode: o.intMode, fetch: timed });
}
