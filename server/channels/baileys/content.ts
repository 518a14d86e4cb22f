// Our outbound shapes -> Baileys message content (what sock.sendMessage takes).
import { Buffer } from "node:buffer";
import type { AnyMessageContent } from "@whiskeysockets/baileys";
import type { Location, OutboundMedia } from "../channel.ts";

export const textContent = (text: string): AnyMessageContent => ({ text });

/** The WhatsApp kind follows the mimetype, the way the phone app would send the file. */
export function mediaContent(media: OutboundMedia): AnyMessageContent {
  // A view over the same bytes: no copy of a large file.
  const data = Buffer.from(media.data.buffer, media.data.byteOffset, media.data.byteLength);
  const mime = media.mimetype.toLowerCase();
  const caption = media.caption || undefined;
  // WhatsApp stickers are webp images; a webp is sent as one.
  if (mime === "image/webp") return { sticker: data, mimetype: media.mimetype };
  if (mime.startsWith("image/")) return { image: data, mimetype: media.mimetype, caption };
  if (mime.startsWith("video/")) return { video: data, mimetype: media.mimetype, caption };
  if (mime.startsWith("audio/")) return { audio: data, mimetype: media.mimetype, ptt: !!media.ptt };
  return { document: data, mimetype: media.mimetype, fileName: media.fileName, caption };
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
