/**
 * Answers fetched ahead of need (a page's first data while its code loads): a GET made
 * inside warm() is kept for a few seconds and handed, once, to the same GET made next.
 */
const FRESH_MS = 2_000;

const kept = new Map<string, { at: number; answer: Promise<unknown> }>();
let warming = false;

/** Runs calls (api functions) so that the GETs they start are kept for their page. */
export function warm(calls: () => Promise<unknown>[]): Promise<unknown> {
  warming = true;
  try {
    return Promise.allSettled(calls());
  } finally {
    warming = false;
  }
}

/**
 * The client's hook for a GET: inside warm() the answer is kept; otherwise a fresh kept
 * answer for the same URL is taken (once) instead of asking again.
 */
export function warmedGet<T>(url: string, fetchIt: () => Promise<T>): Promise<T> {
  const now = Date.now();
  if (warming) {
    const held = kept.get(url);
    if (held && now - held.at < FRESH_MS) return held.answer as Promise<T>;
    const answer = fetchIt();
    kept.set(url, { at: now, answer });
    return answer;
  }
  const held = kept.get(url);
  if (held) {
    kept.delete(url);
    if (now - held.at < FRESH_MS) return held.answer as Promise<T>;
  }
  return fetchIt();
}
