// The password thread: scrypt, one hash at a time, at background priority. Node's async scrypt
// would run on the runtime's shared worker threads, which keep the loop's priority, so a burst
// of sign-ins or company creations took the cores from the event loop. Plain JavaScript, like
// the other workers: `deno test` type-checks a worker's module each time one starts.
import { scryptSync } from "node:crypto";
import { runInBackground } from "../background_thread.js";

runInBackground();

self.onmessage = (
  /** @type {MessageEvent<{ password: string; salt: Uint8Array; keylen: number; n: number; r: number; p: number }>} */ e,
) => {
  const { password, salt, keylen, n, r, p } = e.data;
  try {
    const key = scryptSync(password, salt, keylen, { N: n, r, p, maxmem: 64 * 1024 * 1024 });
    self.postMessage({ key: new Uint8Array(key) });
  } catch (err) {
    self.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
};
