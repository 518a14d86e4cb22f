/** Pure helpers that turn a stored message into what a bubble shows. */
import type { Message, MessageLocation } from "../../../api/messages.ts";

export type AckState = "pending" | "sent" | "delivered" | "read";

/** 0 not yet sent; 1 single tick; 2 and 3 double tick; 4 and 5 double tick in colour. */
export function ackState(ack: number): AckState {
  if (ack >= 4) return "read";
  if (ack >= 2) return "delivered";
  if (ack === 1) return "sent";
  return "pending";
}

/** What the mark under our message shows: WhatsApp's refusal wins over any tick. */
export function deliveryState(message: Pick<Message, "ack" | "failed">): AckState | "failed" {
  return message.failed ? "failed" : ackState(message.ack);
}

/** WhatsApp's refusal codes the desk explains (463: the number is restricted from starting chats; 479: a stale session). */
const EXPLAINED_REFUSALS = new Set(["463", "479"]);

/** The mark's text: a refusal names WhatsApp's code and, for the ones the desk knows, what it means. */
export function ackLabel(message: Pick<Message, "ack" | "failed" | "failedCode">): { key: string; code?: string } {
  const state = deliveryState(message);
  const code = message.failedCode;
  if (state !== "failed" || !code) return { key: `messages.ack.${state}` };
  return EXPLAINED_REFUSALS.has(code) ? { key: `messages.ack.failed${code}` } : { key: "messages.ack.failedCode", code };
}

/** Kinds of message the desk names when it cannot show them; others are "other". */
export const UNSUPPORTED_KINDS = [
  "poll",
  "album",
  "event",
  "order",
  "product",
  "template",
  "interactive",
  "ciphertext",
] as const;
export type UnsupportedKind = (typeof UNSUPPORTED_KINDS)[number] | "other";

export function unsupportedKind(message: Pick<Message, "meta">): UnsupportedKind {
  const kind = message.meta?.unsupported;
  return (UNSUPPORTED_KINDS as readonly string[]).includes(kind ?? "") ? kind as UnsupportedKind : "other";
}

export interface ContactCard {
  name: string;
  number: string;
}

/**
 * Name and number of a vCard. The number prefers WhatsApp's waid parameter (digits
 * only), else the TEL value reduced to digits (a leading + is kept out).
 */
export function parseVcard(vcard: string): ContactCard {
  // Unfold continuation lines (RFC 6350: a line starting with a space continues the last).
  const lines = vcard.replace(/\r\n/g, "\n").replace(/\n[ \t]/g, "").split("\n");
  let name = "";
  let structuredName = "";
  let number = "";
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    // "item1.TEL;type=CELL;waid=5511...": property name without group, then parameters.
    const [property, ...params] = line.slice(0, colon).split(";");
    const key = property.replace(/^[^.]*\./, "").toUpperCase();
    const value = line.slice(colon + 1).trim();
    if (key === "FN" && !name) name = value;
    if (key === "N" && !structuredName) {
      structuredName = value.split(";").filter(Boolean).reverse().join(" ").trim();
    }
    if (key === "TEL" && !number) {
      const waid = params.find((param) => /^waid=/i.test(param));
      number = (waid ? waid.slice(5) : value).replace(/\D/g, "");
    }
  }
  return { name: name || structuredName, number };
}

export interface MapLink {
  url: string;
  name?: string;
  address?: string;
  /** A map thumbnail (data: URL or https address), when the body carries one. */
  image?: string;
}

/**
 * Where a location message points: meta.location when present; otherwise the legacy
 * pipe-separated body "image|link|description".
 */
export function locationOf(message: Pick<Message, "meta" | "body">): MapLink | null {
  const location: MessageLocation | undefined = message.meta?.location;
  if (location && Number.isFinite(location.latitude) && Number.isFinite(location.longitude)) {
    return {
      url: `https://maps.google.com/?q=${location.latitude},${location.longitude}`,
      name: location.name || undefined,
      address: location.address || undefined,
    };
  }
  const parts = (message.body ?? "").split("|");
  const link = parts[1]?.trim();
  if (parts.length >= 2 && link && /^https:\/\//.test(link)) {
    const image = parts[0].trim();
    return {
      url: link,
      // The description may itself contain pipes; only the first two fields are fixed.
      name: parts.slice(2).join("|").trim() || undefined,
      image: /^(data:image\/|https:\/\/)/.test(image) ? image : undefined,
    };
  }
  return null;
}

export type BubbleKind =
  | "text"
  | "image"
  | "video"
  | "audio"
  | "sticker"
  | "document"
  | "location"
  | "contact"
  | "reaction"
  | "call"
  | "deleted"
  | "mediaError"
  | "unsupported";

/** Which renderer a message needs; deleted and failed downloads win over the media type. */
export function bubbleKind(message: Pick<Message, "mediaType" | "isDeleted" | "mediaError">) {
  if (message.isDeleted) return "deleted";
  switch (message.mediaType) {
    case "call_log":
      return "call";
    case "unsupported":
      return "unsupported";
    case "reactionMessage":
      return "reaction";
    case "locationMessage":
    case "liveLocationMessage":
      return "location";
    case "vcard":
    case "contactMessage":
      return "contact";
  }
  if (message.mediaError === "ERR_WAPP_DOWNLOAD_MEDIA") return "mediaError";
  switch (message.mediaType) {
    case "image":
      return "image";
    case "video":
      return "video";
    case "audio":
      return "audio";
    case "sticker":
      return "sticker";
    case "application":
      return "document";
    default:
      return "text";
  }
}
