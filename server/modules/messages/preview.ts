// The ticket's preview of its last message (tickets.last_message), written when the message
// is stored so the list reads it with the ticket and never looks up messages per row. A
// message without text, or with a file, is named by its kind in the company's language,
// with what the list can use besides: an audio's or video's length, a document's name.
import type { Lang } from "../../tenancy/registry.ts";
import { text, type TextKey } from "../../i18n/texts.ts";

/** What the preview needs of a message, whichever path stored it. */
export interface PreviewSource {
  body: string;
  mediaType: string;
  /** The message carries a file (inbound media, or a stored media url). */
  hasMedia: boolean;
  fileName?: string | null;
  /** Length of an audio or video, when the channel told it. */
  seconds?: number | null;
}

const PREVIEW_MAX = 255;

const KINDS: Record<string, TextKey> = {
  image: "preview.image",
  video: "preview.video",
  audio: "preview.audio",
  application: "preview.document",
  sticker: "preview.sticker",
  locationMessage: "preview.location",
  liveLocationMessage: "preview.liveLocation",
  vcard: "preview.vcard",
  contactMessage: "preview.contacts",
  unsupported: "preview.unsupported",
};

/** Kinds that are only a file: without one (a failed download aside) they are what their text says. */
const FILE_KINDS = new Set(["image", "video", "audio", "application", "sticker"]);

/** "0:12", "1:05:09". */
export function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * "Foto", "Áudio 0:12", "Documento nota.pdf", "Localização: Praça da Sé", a caption after
 * its kind ("Foto: o recibo"), plain text as it is, "Arquivo de mídia" for a file of no
 * known kind.
 */
export function previewText(lang: Lang, m: PreviewSource): string {
  const body = m.body.trim();
  const key = KINDS[m.mediaType] ?? (m.hasMedia ? "preview.media" : null);
  if (!key || (FILE_KINDS.has(m.mediaType) && !m.hasMedia && body)) return cut(body);
  const name = m.mediaType === "application" ? m.fileName?.trim() : "";
  const length = (m.mediaType === "audio" || m.mediaType === "video") && m.seconds && m.seconds > 0
    ? clockOf(m.seconds)
    : "";
  const label = [text(lang, key), name || length].filter(Boolean).join(" ");
  // A document's text is its name when it has no caption (the channels put it there).
  return cut(body && body !== name ? `${label}: ${body}` : label);
}

function cut(value: string) {
  return value.slice(0, PREVIEW_MAX);
}

/** The preview's source from an inbound message as the channels give it. */
export function previewOf(
  msg: { body: string; mediaType: string; media?: { fileName?: string; seconds?: number } },
): PreviewSource {
  return {
    body: msg.body,
    mediaType: msg.mediaType,
    hasMedia: !!msg.media,
    fileName: msg.media?.fileName,
    seconds: msg.media?.seconds,
  };
}
