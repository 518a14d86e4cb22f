// scrypt (memory-hard) from node:crypto. Stored as scrypt$N$r$p$salt$hash (base64).
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const N = 16384, R = 8, P = 1, KEYLEN = 32;

// scrypt runs on the runtime's worker threads, one a call: a burst of sign-ins or company
// creations would take every core, and the event loop (health checks, the desk) would wait
// for a share of one (a /health of 200-400 ms under 17 creations at once on 2 cores). At
// most this many at a time, so a core stays the loop's.
const AT_ONCE = Math.max(1, (navigator.hardwareConcurrency ?? 2) - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function derive(password: string, salt: Buffer, n: number, r: number, p: number) {
  if (running >= AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  else running++;
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
        err ? reject(err) : resolve(key))
    );
  } finally {
    // The turn passes straight to the next caller; running counts it still.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), +n, +r, +p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Spends the same time as a real check, so an unknown email is not faster to refuse.
const dummy = hashPassword("not-a-real-password");
export async function burnPasswordCheck(password: string) {
  await verifyPassword(password, await dummy);
}
