// A file a bot names by URL (Typebot's image, audio and video bubbles), fetched to be sent as
// the company's own media: the address checked by the installation's rule, one timeout, and
// at most WhatsApp's limit for its kind read. null when it cannot be had; the caller sends
// the link instead.
import type { AddressPolicy } from "./addresses.ts";
import { readCappedBytes } from "./body.ts";
import { MEDIA_LIMITS } from "../media/store.ts";
import type { Upload } from "../media/store.ts";

export const MEDIA_TIMEOUT_MS = 20_000;

export async function fetchMedia(
  url: string,
  kind: "image" | "video" | "audio",
  addresses: AddressPolicy,
  timeoutMs = MEDIA_TIMEOUT_MS,
): Promise<Upload | null> {
  try {
    await addresses.check(url, "media");
    const res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: addresses.redirect,
    });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const mimetype = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!mimetype.startsWith(`${kind}/`)) {
      await res.body?.cancel();
      return null;
    }
    const data = await readCappedBytes(res, MEDIA_LIMITS[kind]);
    if (!data?.length) return null;
    const fileName = decodeURIComponent(new URL(url).pathname.split("/").pop() || kind);
    return { data, mimetype, fileName };
  } catch {
    return null;
  }
}
