// Waiting for what a server finishes a moment after it answered: the server tests and the
// browser journeys (which import this file alone, not the server) share it.

/** Polls until check returns a truthy value (or fails after timeoutMs). */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 3000, what = "condition"): Promise<Exclude<T, null | undefined | false | 0 | "">> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as Exclude<T, null | undefined | false | 0 | "">;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
