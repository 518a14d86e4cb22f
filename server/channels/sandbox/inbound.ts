// What a simulated customer sends, as the Channel contract's InboundMessage.
import { z } from "zod";
import { type InboundMessage, type MediaType, newWid, userJid } from "../channel.ts";
import { mediaKind } from "../../media/store.ts";
import { recordId } from "../../http/validate.ts";

export const sandboxInbound = z.object({
  number: z.string().trim().regex(/^\d{8,15}$/, "digits with country code, 8 to 15"),
  name: z.string().trim().max(100).optional(),
  body: z.string().max(4096).optional().default(""),
  /** The message being replied to: our id, or the WhatsApp id the phone received it under. */
  quotedId: recordId.optional(),
  quotedWid: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/).optional(),
  location: z.object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    name: z.string().max(200).optional(),
    address: z.string().max(300).optional(),
  }).optional(),
  vcard: z.object({ name: z.string().trim().min(1).max(100), number: z.string().regex(/^\d{8,15}$/) }).optional(),
  /** A provider id, to simulate WhatsApp redelivering the same message. */
  wid: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/).optional(),
});
export type SandboxInbound = z.infer<typeof sandboxInbound>;

export interface SandboxFile {
  data: Uint8Array;
  mimetype: string;
  fileName: string;
}

export const vcardOf = (c: { name: string; number: string }) =>
  `BEGIN:VCARD\nVERSION:3.0\nFN:${c.name}\nTEL;type=CELL;waid=${c.number}:+${c.number}\nEND:VCARD`;

/** One message per file (the body is the first caption), or one text/location/contact. */
export function buildInbound(input: SandboxInbound, files: SandboxFile[], quotedWid?: string): InboundMessage[] {
  const base = (wid: string) => ({
    wid,
    fromMe: false,
    peer: { jid: userJid(input.number), number: input.number, pushName: input.name },
    timestamp: Date.now(),
    quotedWid,
  });
  const id = (i: number) => input.wid ? (i ? `${input.wid}-${i}` : input.wid) : newWid();
  if (files.length) {
    return files.map((f, i) => ({
      ...base(id(i)),
      mediaType: mediaKind(f.mimetype) as MediaType,
      body: i === 0 ? input.body : "",
      media: { mimetype: f.mimetype, fileName: f.fileName, size: f.data.byteLength, download: () => Promise.resolve(f.data) },
    }));
  }
  if (input.location) return [{ ...base(id(0)), mediaType: "locationMessage", body: input.location.name ?? "", location: input.location }];
  if (input.vcard) return [{ ...base(id(0)), mediaType: "vcard", body: input.vcard.name, vcards: [vcardOf(input.vcard)] }];
  return [{ ...base(id(0)), mediaType: input.quotedId ? "extendedTextMessage" : "chat", body: input.body }];
}
