// The campaign's pace (seed 002 section 9, ORIGIN "Where we deliberately differ"): before
// each send but the first, a random whole number of seconds below messageInterval, plus
// greaterInterval after every longerIntervalAfter sends, and never less than minGap (a
// 0 s interval would send as fast as the connection goes). Time comes through a clock
// the tests drive.
import type { CampaignSettings } from "../../../contracts/campaigns.ts";

export interface CampaignClock {
  now(): Date;
  /** Resolves after ms, or early when the signal aborts (a stop, a cancel). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** A number in [0, 1): picks the variant and the gaps. */
  random(): number;
}

export const realClock = (now: () => Date = () => new Date()): CampaignClock => ({
  now,
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (ms <= 0 || signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener("abort", done, { once: true });
    }),
  random: Math.random,
});

/** The wait before the send that follows `sent` earlier ones (0 before the first), never under minGap. */
export function gapMs(
  s: Pick<CampaignSettings, "messageInterval" | "longerIntervalAfter" | "greaterInterval" | "minGap">,
  sent: number,
  random: () => number,
): number {
  if (sent <= 0) return 0;
  const jitter = s.messageInterval > 0 ? Math.floor(random() * s.messageInterval) : 0;
  const longer = s.longerIntervalAfter > 0 && sent % s.longerIntervalAfter === 0 ? s.greaterInterval : 0;
  return Math.max(jitter + longer, s.minGap) * 1000;
}

/** How long "typing…" shows before a text: about a fast typist's time, 1 to 6 seconds. */
export function typingMs(text: string): number {
  return Math.min(6_000, 1_000 + 40 * text.length);
}
