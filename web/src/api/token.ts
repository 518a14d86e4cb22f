import { keys, read, write } from "../lib/storage.ts";

/** The access token lives in localStorage "token" (read on every call). */
export function getToken(): string | null {
  return read(keys.token);
}

export function setToken(token: string | null): void {
  write(keys.token, token);
}
