// Our outbound shapes -> Baileys message content (what sock.sendMessage takes).
import { Buffer } from "node:buffer";
import type { AnyMessageContent } from "@whiskeysockets/baileys";
import type { Location, OutboundMedia } from "../channel.ts";

export const textContent = (text: string): AnyMessageContent => ({ text });

/** MP4/ISO-BMFF bytes ("ftyp" box first), whatever the file claims to be. */
const isMp4 = (b: Uint8Array) =>
  b.length >= 12 && b[4] === 0x66 && b[5] === 0x74 && b[6] === 0x79 && b[7] === 0x70;

/** Video formats WhatsApp's apps play inline; anything else goes as a file. */
const PLAYABLE_VIDEO = new Set(["video/mp4", "video/3gpp"]);

/**
 * The WhatsApp kind follows the mimetype, the way the phone app would send the file; a
 * format WhatsApp would not play goes as a document, so the file still arrives intact.
 */
export function mediaContent(media: OutboundMedia): AnyMessageContent {
  // A view over the same bytes: no copy of a large file.
  const data = Buffer.from(media.data.buffer, media.data.byteOffset, media.data.byteLength);
  const mime = media.mimetype.split(";")[0].trim().toLowerCase();
  const caption = media.caption || undefined;
  const asDocument: AnyMessageContent = { document: data, mimetype: media.mimetype, fileName: media.fileName, caption };
  // WhatsApp stickers are webp, but so are many photos: a sticker only when chosen as one.
  if (mime === "image/webp" && media.sticker) return { sticker: data, mimetype: media.mimetype };
  // WhatsApp's "gifs" are mp4 videos played in a loop; a real GIF file would not play.
  if (mime === "image/gif") {
    return isMp4(media.data) ? { video: data, mimetype: "video/mp4", gifPlayback: true, caption } : asDocument;
  }
  if (mime.startsWith("image/")) return { image: data, mimetype: media.mimetype, caption };
  if (mime.startsWith("video/")) {
    if (PLAYABLE_VIDEO.has(mime)) return { video: data, mimetype: media.mimetype, caption };
    // A webm (or other container) that is really mp4 inside plays; otherwise a file.
    return isMp4(media.data) ? { video: data, mimetype: "video/mp4", caption } : asDocument;
  }
  if (mime.startsWith("audio/")) return { audio: data, mimetype: media.mimetype, ptt: !!media.ptt };
  return asDocument;
}

export function locationContent(loc: Location): AnyMessageContent {
  return {
    location: {
      degreesLatitude: loc.latitude,
      degreesLongitude: loc.longitude,
      name: loc.name,
      address: loc.address,
    },
  };
}

/** vCard 3.0 text values escape backslash, comma, semicolon and newlines. */
const escapeVcard = (s: string) => s.replace(/[\\,;]/g, (c) => "\\" + c).replace(/\r?\n/g, "\\n");

/** A vCard WhatsApp recognises: waid makes the phone offer "Message" for the number. */
export function vcard(name: string, number: string): string {
  const digits = number.replace(/\D/g, "");
  return [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `FN:${escapeVcard(name)}`,
    `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`,
    "END:VCARD",
  ].join("\n");
}

export function contactContent(contact: { name: string; number: string }): AnyMessageContent {
  return {
    contacts: {
      displayName: contact.name,
      contacts: [{ displayName: contact.name, vcard: vcard(contact.name, contact.number) }],
    },
  };
}
