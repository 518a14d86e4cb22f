// Secrets that are only ever compared (the payment webhook's token, the metrics token): kept
// as their SHA-256 digest and checked against what a caller sends in constant time.
import { timingSafeEqual } from "node:crypto";

export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/**
 * Whether `given` is the secret whose digest is `expected`. Both sides are digests of equal
 * length, so neither the content nor the length of the secret leaks through timing.
 */
export async function matchesDigest(
  expected: Uint8Array,
  given: string | undefined,
): Promise<boolean> {
  if (given === undefined) return false;
  return timingSafeEqual(expected, await sha256(given));
}
