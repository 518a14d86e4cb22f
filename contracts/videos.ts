// Help videos' host (YouTube): how a super user's "video code" becomes the id we store, and
// the addresses the help page builds from it. Shared by the server (which validates and
// stores the id) and the web (which checks the field and shows the video). Imports nothing.

const ID = /^[A-Za-z0-9_-]{11}$/;

/** Hosts whose addresses name a video; anything else is refused rather than guessed. */
const HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtu.be",
  "www.youtu.be",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

/** Path prefixes followed by the id: /embed/ID, /shorts/ID, /live/ID, /v/ID. */
const ID_PATHS = ["embed", "shorts", "live", "v"];

/**
 * The video id in what a person pasted: a bare id, or a watch, short, share, embed or live
 * address (with or without https://). Null when it names no video.
 */
export function videoIdOf(input: string): string | null {
  const text = input.trim();
  if (ID.test(text)) return text;
  if (text.length > 2048 || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  if (!HOSTS.has(host)) return null;
  const parts = url.pathname.split("/").filter(Boolean);
  const candidate = host.endsWith("youtu.be")
    ? parts[0]
    : parts[0] === "watch"
    ? url.searchParams.get("v")
    : ID_PATHS.includes(parts[0] ?? "")
    ? parts[1]
    : null;
  return candidate && ID.test(candidate) ? candidate : null;
}

/** Origins the help page loads from (and only it): the thumbnails and the player. */
export const VIDEO_IMAGE_ORIGIN = "https://i.ytimg.com";
export const VIDEO_FRAME_ORIGIN = "https://www.youtube-nocookie.com";

export const videoThumbnailUrl = (id: string) => `${VIDEO_IMAGE_ORIGIN}/vi/${encodeURIComponent(id)}/hqdefault.jpg`;

/** The privacy-enhanced player: no cookies until the person plays the video. */
export const videoEmbedUrl = (id: string) =>
  `${VIDEO_FRAME_ORIGIN}/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
