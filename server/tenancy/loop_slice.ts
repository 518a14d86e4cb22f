// Statements run synchronously and drizzle's awaits on them resolve as microtasks, so a burst
// of requests (fifty payments and company creations at once, a pass over due tickets) chains
// statement after statement without the event loop ever turning: timers and new requests,
// /health too, wait for the whole burst. Measured: fifty requests at once held it for 80-160
// ms in one piece. So once statements have run for SLICE_MS since the loop last turned, the
// next one waits for a turn.
//
// The turn must pass through the runtime's I/O poll, or new requests stay unread: a resolved
// promise, setImmediate and a MessageChannel message all come back before it. A 0 ms timer
// does pass through it, but costs 1-2 ms of idling (the timer wheel counts whole
// milliseconds), which made a pass over due tickets 3 times slower under the desk's reads.
// So the turn is a byte sent to ourselves over a local connection (the self-pipe trick):
// its arrival is known only from the I/O poll, which hands over every other ready socket and
// expired timer in the same turn, in about 15 µs.

// Background work (inBackground: what follows a stored message and the timers' wake-ups, the
// bots' and agents' turns) lets the loop turn after a much shorter slice, so a message that
// arrives meanwhile waits ~0.25 ms, not up to 4: 200 agents' turns added 2-6 ms to another
// company's p99 with the plain slice, ~0.1-0.2 ms with this one (bench/agents.ts). A turn
// costs ~15 µs (below). Requests and passes keep the plain slice.
import { AsyncLocalStorage } from "node:async_hooks";

/** Statement time, since the loop last turned, after which the next statement waits for a turn. */
export const SLICE_MS = 4;
/** The same for background work. */
export const BACKGROUND_SLICE_MS = 0.25;

/** Start of the current slice; -1 when the loop has turned since the last statement. */
let since = -1;
let turn: Promise<void> | undefined;
const background = new AsyncLocalStorage<boolean>();

/** Runs fn as background work (see above). */
export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return background.run(true, fn);
}

/** Runs fn as foreground work even when called from background work (a channel's event). */
export function inForeground<T>(fn: () => Promise<T>): Promise<T> {
  return background.run(false, fn);
}

/** Undefined: go on now. A promise: wait for it (the loop's next turn) before the statement. */
export function loopTurn(): Promise<void> | undefined {
  const now = performance.now();
  if (since < 0) {
    since = now;
    // Resets the slice when the loop turns for any reason (a request's I/O, a timer).
    setTimeout(() => since = -1, 0);
    return undefined;
  }
  if (now - since < (background.getStore() ? BACKGROUND_SLICE_MS : SLICE_MS)) return undefined;
  return turn ??= nextTurn().then(() => {
    turn = undefined;
    since = -1;
  });
}

let waker = await openWaker();

function nextTurn(): Promise<void> {
  const timer = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  // A broken connection costs the speed, never a statement: timers from then on.
  return waker ? waker().catch(() => (waker = undefined, timer())) : timer();
}

/**
 * Opened when the module loads (not inside a request or a test), left open for the process:
 * an idle connection with no read pending keeps no process alive. A Unix socket, not TCP: a
 * loopback TCP pair takes two ports, and a program told to listen on a port found free a
 * moment before (the browser tests' harness) could find its own waker on it. Where Unix
 * sockets are missing, timers.
 */
async function openWaker(): Promise<(() => Promise<void>) | undefined> {
  let dir: string | undefined;
  try {
    dir = Deno.makeTempDirSync({ prefix: "inbox-waker-" });
    const path = `${dir}/waker.sock`;
    const listener = Deno.listen({ transport: "unix", path });
    const [sender, receiver] = await Promise.all([Deno.connect({ transport: "unix", path }), listener.accept()]);
    listener.close();
    const byte = new Uint8Array([1]);
    const inbox = new Uint8Array(64);
    return async () => {
      // Reading first: the read is then pending when the byte is sent, and only the poll can finish it.
      const arrived = receiver.read(inbox);
      await sender.write(byte);
      if (await arrived === null) throw new Error("the waker's connection closed");
    };
  } catch {
    return undefined;
  } finally {
    // The connection lives on without its name.
    if (dir) Deno.removeSync(dir, { recursive: true });
  }
}
