// scrypt (memory-hard) from node:crypto. Stored as scrypt$N$r$p$salt$hash (base64).
import { randomBytes, timingSafeEqual } from "node:crypto";

const N = 16384, R = 8, P = 1, KEYLEN = 32;

// Hashes run on threads of their own at background priority (hash_worker.js), at most one
// fewer than the cores: a burst of sign-ins or company creations would otherwise take every
// core, and the event loop (health checks, the desk) would wait for a share of one.
const THREADS = Math.max(1, (navigator.hardwareConcurrency ?? 2) - 1);

type Ask = { password: string; salt: Uint8Array; keylen: number; n: number; r: number; p: number };
type Job = { ask: Ask; resolve: (key: Buffer) => void; reject: (err: Error) => void };

const idle: Worker[] = [];
const queue: Job[] = [];
/** Every thread, with the job it is working on. */
const all = new Map<Worker, Job | undefined>();

function start(): Worker {
  const w = new Worker(new URL("./hash_worker.js", import.meta.url).href, { type: "module" });
  all.set(w, undefined);
  w.onerror = (e) => {
    // The thread is gone (it could not start): its job fails, the next hash starts another.
    e.preventDefault();
    all.get(w)?.reject(new Error(`password thread failed: ${e.message}`));
    all.delete(w);
    w.terminate();
  };
  return w;
}

function run(w: Worker, job: Job) {
  all.set(w, job);
  w.onmessage = (e: MessageEvent<{ key?: Uint8Array; error?: string }>) => {
    if (e.data.key) job.resolve(Buffer.from(e.data.key));
    else job.reject(new Error(e.data.error ?? "scrypt failed"));
    const next = queue.shift();
    if (next) return run(w, next);
    all.set(w, undefined);
    idle.push(w);
  };
  w.postMessage(job.ask);
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const job = { ask: { password, salt: new Uint8Array(salt), keylen: KEYLEN, n, r, p }, resolve, reject };
    const w = idle.pop() ?? (all.size < THREADS ? start() : undefined);
    if (w) run(w, job);
    else queue.push(job);
  });
}

let holders = 0;

/**
 * A server holds the hashing threads while it runs; when the last lets go they end (a
 * script's process can then exit), and a later hash starts them again.
 */
export function holdPasswordThreads(): () => void {
  holders++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--holders === 0) stopThreads();
  };
}

function stopThreads() {
  const stopping = new Error("the server is stopping");
  for (const [w, job] of all) {
    w.terminate();
    job?.reject(stopping);
  }
  all.clear();
  idle.length = 0;
  for (const job of queue.splice(0)) job.reject(stopping);
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
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string) {
  await verifyPassword(password, await (dummy ??= hashPassword("not-a-real-password")));
}
