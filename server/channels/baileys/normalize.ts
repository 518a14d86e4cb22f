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
  Author,
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
export type Downloader = (msg: WAMessage, signal?: AbortSignal) => Promise<Uint8Array>;

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
  seconds?: number | null;
}

function mediaOf(
  msg: WAMessage,
  m: MediaFields,
  fallbackMime: string,
  download: Downloader,
): InboundMedia {
  const media: InboundMedia = {
    mimetype: m.mimetype || fallbackMime,
    download: (signal) => download(msg, signal),
  };
  const size = toNumber(m.fileLength);
  if (size > 0) media.size = size;
  if (m.fileName) media.fileName = m.fileName;
  if (m.ptt) media.ptt = true;
  if (m.seconds && m.seconds > 0) media.seconds = m.seconds;
  return media;
}

type Kind = Pick<
  InboundMessage,
  "mediaType" | "body" | "media" | "location" | "vcards" | "reaction" | "unsupported"
>;

const lines = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join("\n");

/**
 * Kinds the desk cannot show, kept as an "unsupported" message (the screen says which kind
 * and to look at the phone) with whatever text they carry, instead of vanishing.
 */
function unsupportedOf(c: proto.IMessage, type: keyof proto.IMessage): Kind | null {
  const marker = (kind: string, body: string): Kind => ({ mediaType: "unsupported", unsupported: kind, body });
  switch (type) {
    case "pollCreationMessage":
    case "pollCreationMessageV2":
    case "pollCreationMessageV3":
    case "pollCreationMessageV5": {
      const p = c[type] as proto.Message.IPollCreationMessage;
      return marker("poll", lines(p.name, ...(p.options ?? []).map((o) => o.optionName && `- ${o.optionName}`)));
    }
    case "albumMessage":
      // Its photos and videos arrive as messages of their own; this is the album's header.
      return marker("album", "");
    case "eventMessage": {
      const e = c.eventMessage!;
      return marker("event", lines(e.name, e.description, e.location?.name));
    }
    case "orderMessage": {
      const o = c.orderMessage!;
      return marker("order", lines(o.orderTitle, o.message));
    }
    case "productMessage": {
      const p = c.productMessage!;
      return marker("product", lines(p.product?.title, p.product?.description, p.body));
    }
    case "templateMessage": {
      const t = c.templateMessage!;
      const h = t.hydratedTemplate ?? t.hydratedFourRowTemplate;
      return marker("template", lines(h?.hydratedTitleText, h?.hydratedContentText, h?.hydratedFooterText));
    }
    case "interactiveMessage": {
      const i = c.interactiveMessage!;
      return marker("interactive", lines(i.header?.title, i.body?.text, i.footer?.text));
    }
    case "buttonsMessage": {
      const b = c.buttonsMessage!;
      return marker("interactive", lines(b.contentText, b.footerText));
    }
    case "listMessage": {
      const l = c.listMessage!;
      return marker("interactive", lines(l.title, l.description, l.footerText));
    }
    default:
      return null;
  }
}

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
      // Polls, events, templates...: kept with a marker; protocol leftovers and poll votes dropped.
      return unsupportedOf(c, type);
  }
}

/** Edits and revokes travel as protocol messages; every other protocol message is internal. */
function protocolEvent(pm: proto.Message.IProtocolMessage, by: Author): Normalized | null {
  const target = pm.key?.id;
  if (!target) return null;
  if (pm.type === proto.Message.ProtocolMessage.Type.REVOKE) {
    return { kind: "revoke", revoke: { wid: target, by } };
  }
  if (pm.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
    return { kind: "edit", edit: { wid: target, body: textOf(pm.editedMessage), by } };
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
  // Stubs are WhatsApp's system notices (joins, encryption changes), dropped; except a
  // message we could not decrypt, which the person did send: kept so the desk knows to
  // look at the phone (WhatsApp may still resend it).
  const undecryptable = msg.messageStubType === proto.WebMessageInfo.StubType.CIPHERTEXT;
  if (msg.messageStubType && !undecryptable) return null;
  // Unwraps ephemeral, view-once, document-with-caption and edit envelopes.
  const content = normalizeMessageContent(msg.message);
  let kind: Kind | null;
  if (undecryptable) kind = { mediaType: "unsupported", unsupported: "ciphertext", body: "" };
  else {
    if (!content) return null;
    if (content.protocolMessage) {
      return protocolEvent(content.protocolMessage, { fromMe: !!key.fromMe, peer: peerOfKey(key) });
    }
    const type = getContentType(content);
    if (!type) return null;
    kind = kindOf(msg, content, type, opts.download);
  }
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
  const type = content && getContentType(content);
  const quoted = content && type ? quotedWidOf(content, type) : undefined;
  if (quoted) message.quotedWid = quoted;
  return { kind: "message", message };
}
