// Threads that work in the background (the file thread's checkpoints and migrations, password
// hashing, spreadsheet reading) run at a lower CPU priority than the event loop's thread. On a
// machine whose cores they fill (fifty company creations at once on 2 cores: a hash and a new
// file's tables each), the loop would otherwise wait its turn for a core like any of them, and
// /health and the desk with it: measured on the burst test, /health's slowest answer fell from
// 124-160 ms to 70-86 ms. Plain JavaScript: it is imported by the workers, which are.
import { getPriority, setPriority } from "node:os";

/** Nice value of a background thread (0 is the loop's; 19 the lowest priority). */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's CPU priority (Linux: setpriority applies to one thread by its
 * id), never raising it: in a program started at a lower priority still, it stays there.
 */
export function runInBackground() {
  try {
    const tid = Number(Deno.readLinkSync("/proc/thread-self").split("/").pop());
    if (tid > 0 && getPriority(tid) < BACKGROUND_NICE) setPriority(tid, BACKGROUND_NICE);
  } catch {
    // Not Linux, or not allowed: the thread keeps the loop's priority.
  }
}
