// A Baileys message (WAMessage, as it comes in messages.upsert) -> the contract's shapes.
// Pure: no socket, no clock (timestamps fall back to an injected now), media is fetched
// only when the inbox calls download().
import {
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  normalizeMessageContent,
  proto,
  type WAMessage,
} from "@whiskeysockets/baileys";
import type {
  EditEvent,
  InboundMedia,
  InboundMessage,
  Location,
  MediaType,
  RevokeEvent,
} from "../channel.ts";
import { peerOfKey } from "./peer.ts";
import { toRaw } from "./raw.ts";

/** Fetches and decrypts a message's media (Baileys' downloadMediaMessage in production). */
export type Downloader = (msg: WAMessage) => Promise<Uint8Array>;

export interface NormalizeOptions {
  download: Downloader;
  now?: () => number;
}

export type Normalized =
  | { kind: "message"; message: InboundMessage }
  | { kind: "edit"; edit: EditEvent }
  | { kind: "revoke"; revoke: RevokeEvent };

type Long = { toNumber(): number } | { low: number; high: number; unsigned?: boolean };

/** Seconds (number, protobuf Long, or Long as JSON) -> number. */
export function toNumber(value: number | Long | string | null | undefined): number {
  if (value == null) return 0;
  if (typeof value === "number") return value;
  if (typeof value === "string") return Number(value) || 0;
  if ("toNumber" in value) return value.toNumber();
  // A Long that went through JSON: 64 bits as two 32-bit halves.
  return (value.high >>> 0) * 2 ** 32 + (value.low >>> 0);
}

/** The text of a content: its body or caption ("" when it has none). */
export function textOf(content: proto.IMessage | null | undefined): string {
  const c = normalizeMessageContent(content);
  if (!c) return "";
  return c.conversation ??
    c.extendedTextMessage?.text ??
    c.imageMessage?.caption ??
    c.videoMessage?.caption ??
    c.documentMessage?.caption ??
    c.buttonsResponseMessage?.selectedDisplayText ??
    c.templateButtonReplyMessage?.selectedDisplayText ??
    c.listResponseMessage?.title ??
    c.interactiveResponseMessage?.body?.text ??
    "";
}

/** The quoted message id, from whichever kind's contextInfo carries it. */
function quotedWidOf(content: proto.IMessage, type: keyof proto.IMessage): string | undefined {
  const inner = content[type];
  if (!inner || typeof inner !== "object") return undefined;
  const ctx = (inner as { contextInfo?: proto.IContextInfo | null }).contextInfo;
  return ctx?.stanzaId || undefined;
}

interface MediaFields {
  mimetype?: string | null;
  fileLength?: number | Long | null;
  fileName?: string | null;
  ptt?: boolean | null;
}

function mediaOf(
  msg: WAMessage,
  m: MediaFields,
  fallbackMime: string,
  download: Downloader,
): InboundMedia {
  const media: InboundMedia = {
    mimetype: m.mimetype || fallbackMime,
    download: () => download(msg),
  };
  const size = toNumber(m.fileLength);
  if (size > 0) media.size = size;
  if (m.fileName) media.fileName = m.fileName;
  if (m.ptt) media.ptt = true;
  return media;
}

type Kind = Pick<
  InboundMessage,
  "mediaType" | "body" | "media" | "location" | "vcards" | "reaction"
>;

/** What the message is, by its content type; null for kinds the product does not keep. */
function kindOf(
  msg: WAMessage,
  c: proto.IMessage,
  type: keyof proto.IMessage,
  download: Downloader,
): Kind | null {
  const kind = (mediaType: MediaType, body: string, extra: Partial<Kind> = {}): Kind => ({
    mediaType,
    body,
    ...extra,
  });
  switch (type) {
    case "conversation":
      return kind("chat", c.conversation ?? "");
    case "extendedTextMessage":
      return kind("extendedTextMessage", c.extendedTextMessage?.text ?? "");
    case "imageMessage": {
      const m = c.imageMessage!;
      return kind("image", m.caption ?? "", { media: mediaOf(msg, m, "image/jpeg", download) });
    }
    case "videoMessage":
    case "ptvMessage": { // ptv: a round video note
      const m = (c.videoMessage ?? c.ptvMessage)!;
      return kind("video", m.caption ?? "", { media: mediaOf(msg, m, "video/mp4", download) });
    }
    case "audioMessage": {
      const m = c.audioMessage!;
      return kind("audio", "", { media: mediaOf(msg, m, "audio/ogg; codecs=opus", download) });
    }
    case "documentMessage": {
      const m = c.documentMessage!;
      return kind("application", m.caption || m.fileName || "", {
        media: mediaOf(msg, m, "application/octet-stream", download),
      });
    }
    case "stickerMessage": {
      const m = c.stickerMessage!;
      return kind("sticker", "", { media: mediaOf(msg, m, "image/webp", download) });
    }
    case "locationMessage": {
      const m = c.locationMessage!;
      const location: Location = {
        latitude: m.degreesLatitude ?? 0,
        longitude: m.degreesLongitude ?? 0,
      };
      if (m.name) location.name = m.name;
      if (m.address) location.address = m.address;
      return kind("locationMessage", [m.name, m.address].filter(Boolean).join("\n"), { location });
    }
    case "liveLocationMessage": {
      const m = c.liveLocationMessage!;
      return kind("liveLocationMessage", m.caption ?? "", {
        location: {
          latitude: m.degreesLatitude ?? 0,
          longitude: m.degreesLongitude ?? 0,
          live: true,
        },
      });
    }
    case "contactMessage": {
      const m = c.contactMessage!;
      return kind("vcard", m.displayName ?? "", { vcards: m.vcard ? [m.vcard] : [] });
    }
    case "contactsArrayMessage": {
      const m = c.contactsArrayMessage!;
      const contacts = m.contacts ?? [];
      return kind(
        "contactMessage",
        m.displayName || contacts.map((x) => x.displayName).filter(Boolean).join(", "),
        {
          vcards: contacts.map((x) => x.vcard).filter((v): v is string => !!v),
        },
      );
    }
    case "reactionMessage": {
      const m = c.reactionMessage!;
      const emoji = m.text ?? "";
      return kind("reactionMessage", emoji, { reaction: { targetWid: m.key?.id ?? "", emoji } });
    }
    // Answers to a bot's buttons or lists: text the flows and bots must see.
    case "buttonsResponseMessage":
    case "templateButtonReplyMessage":
    case "listResponseMessage":
    case "interactiveResponseMessage":
      return kind("chat", textOf(c));
    default:
      // Polls, events, payments, protocol leftovers...: not part of the product's model.
      return null;
  }
}

/** Edits and revokes travel as protocol messages; every other protocol message is internal. */
function protocolEvent(pm: proto.Message.IProtocolMessage): Normalized | null {
  const target = pm.key?.id;
  if (!target) return null;
  if (pm.type === proto.Message.ProtocolMessage.Type.REVOKE) {
    return { kind: "revoke", revoke: { wid: target } };
  }
  if (pm.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
    return { kind: "edit", edit: { wid: target, body: textOf(pm.editedMessage) } };
  }
  return null;
}

/** Whether the chat is one the inbox serves (not status updates, broadcast lists or channels). */
export function isServedChat(jid: string | null | undefined): jid is string {
  return !!jid && !isJidBroadcast(jid) && !isJidNewsletter(jid);
}

export function normalizeMessage(msg: WAMessage, opts: NormalizeOptions): Normalized | null {
  const key = msg.key;
  const remoteJid = key?.remoteJid;
  if (!key?.id || !isServedChat(remoteJid)) return null;
  // Stubs are WhatsApp's system notices (joins, encryption changes, failed decryption).
  if (msg.messageStubType) return null;
  // Unwraps ephemeral, view-once, document-with-caption and edit envelopes.
  const content = normalizeMessageContent(msg.message);
  if (!content) return null;
  if (content.protocolMessage) return protocolEvent(content.protocolMessage);

  const type = getContentType(content);
  if (!type) return null;
  const kind = kindOf(msg, content, type, opts.download);
  if (!kind) return null;

  const seconds = toNumber(msg.messageTimestamp as number | Long | null | undefined);
  const message: InboundMessage = {
    wid: key.id,
    fromMe: !!key.fromMe,
    peer: peerOfKey(key, msg.pushName),
    timestamp: seconds > 0 ? seconds * 1000 : (opts.now ?? Date.now)(),
    ...kind,
    raw: toRaw(msg),
  };
  if (isJidGroup(remoteJid)) message.group = { jid: remoteJid };
  const quoted = quotedWidOf(content, type);
  if (quoted) message.quotedWid = quoted;
  return { kind: "message", message };
}
