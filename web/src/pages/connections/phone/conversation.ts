/**
 * The simulated phone's conversation: what the customer sent (the stored messages the
 * inbound calls answer with) and what the company sent (the sandbox outbox), as bubbles.
 */
import type {
  SandboxContactCard,
  SandboxLocation,
  SandboxRecord,
  StoredMessage,
} from "../../../api/whatsapps.ts";

export type Side = "customer" | "company";

export interface Bubble {
  /** Unique across both sides: "customer-<id>" or "company-<id>". */
  key: string;
  side: Side;
  id: number;
  /** The WhatsApp-style id (links a reply to the message it quotes on screen). */
  wid: string;
  /** The stored message's id: what a reply sends as quotedId (null: cannot be quoted). */
  quoteId: number | null;
  body: string;
  mediaType: string | null;
  mediaUrl: string | null;
  mediaName: string | null;
  /** Company messages: 0 pending, 1 sent, 2 delivered, 3+ read. null for the customer's. */
  ack: number | null;
  deleted: boolean;
  createdAt: string;
  /** wid of the message this one replies to (known for what this panel sent). */
  quotedWid: string | null;
  location: SandboxLocation | null;
  contact: SandboxContactCard | null;
}

/** The customer number the sandbox accepts: 8 to 15 digits. */
export function phoneNumberDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, 15);
}

export function isValidCustomerNumber(digits: string): boolean {
  return /^\d{8,15}$/.test(digits);
}

const bubbleKey = (side: Side, id: number) => `${side}-${id}`;

export function fromRecord(record: SandboxRecord): Bubble {
  return {
    key: bubbleKey("company", record.id),
    side: "company",
    id: record.id,
    wid: record.wid,
    quoteId: typeof record.messageId === "number" ? record.messageId : null,
    body: record.body ?? "",
    mediaType: record.mediaType ?? null,
    mediaUrl: record.mediaUrl ?? null,
    mediaName: record.mediaName ?? null,
    ack: typeof record.ack === "number" ? record.ack : 1,
    deleted: Boolean(record.deleted),
    createdAt: record.createdAt,
    quotedWid: null,
    location: null,
    contact: null,
  };
}

/** Local knowledge about a message the panel sent (the answer does not echo it all). */
export interface SentExtras {
  quotedWid?: string | null;
  location?: SandboxLocation | null;
  contact?: SandboxContactCard | null;
}

export function fromStored(message: StoredMessage, extras: SentExtras = {}): Bubble {
  const location = message.meta?.location ?? extras.location ?? null;
  return {
    key: bubbleKey("customer", message.id),
    side: "customer",
    id: message.id,
    wid: message.wid ?? "",
    quoteId: message.id,
    body: message.body ?? "",
    mediaType: message.mediaType ?? null,
    mediaUrl: message.mediaUrl ?? null,
    mediaName: message.mediaName ?? null,
    ack: null,
    deleted: false,
    createdAt: message.createdAt,
    quotedWid: extras.quotedWid ?? null,
    location: location
      ? {
        latitude: location.latitude,
        longitude: location.longitude,
        name: location.name,
        address: location.address,
      }
      : null,
    contact: extras.contact ?? null,
  };
}

function time(value: string): number {
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** Oldest first; ties keep each side's id order. */
export function compareBubbles(a: Bubble, b: Bubble): number {
  return time(a.createdAt) - time(b.createdAt) ||
    (a.side === b.side ? a.id - b.id : a.side.localeCompare(b.side));
}

/** Insert or replace by key, sorted (a redelivered message is not shown twice). */
export function upsertBubbles(list: readonly Bubble[], incoming: readonly Bubble[]): Bubble[] {
  const byKey = new Map(list.map((bubble) => [bubble.key, bubble]));
  for (const bubble of incoming) {
    const previous = byKey.get(bubble.key);
    // an update of a company message keeps what only this panel knew
    byKey.set(bubble.key, previous ? { ...previous, ...withoutEmpty(bubble, previous) } : bubble);
  }
  return [...byKey.values()].sort(compareBubbles);
}

function withoutEmpty(bubble: Bubble, previous: Bubble): Bubble {
  return {
    ...bubble,
    quotedWid: bubble.quotedWid ?? previous.quotedWid,
    quoteId: bubble.quoteId ?? previous.quoteId,
    location: bubble.location ?? previous.location,
    contact: bubble.contact ?? previous.contact,
    mediaName: bubble.mediaName ?? previous.mediaName,
  };
}

/**
 * What a reply sends as quotedId: the quoted message's id in our database (the contract's
 * "message id (ours)"). The customer's own messages have it from the inbound answers; the
 * company's only if the outbox record carries it (messageId), else they cannot be quoted.
 */
export function quoteIdOf(bubble: Bubble): number | null {
  return bubble.quoteId;
}

export type AckLevel = "pending" | "sent" | "delivered" | "read";

export function ackLevel(ack: number): AckLevel {
  if (ack <= 0) return "pending";
  if (ack === 1) return "sent";
  if (ack === 2) return "delivered";
  return "read";
}

export type MediaKind = "image" | "video" | "audio" | "file";

/** How to draw an attachment, from the message's mediaType (or a MIME type). */
export function mediaKind(mediaType: string | null): MediaKind {
  const type = (mediaType ?? "").toLowerCase();
  if (type === "image" || type === "sticker" || type.startsWith("image/")) return "image";
  if (type === "video" || type.startsWith("video/")) return "video";
  if (type === "audio" || type.startsWith("audio/")) return "audio";
  return "file";
}

/** A short text for a quoted message's preview. */
export function previewText(bubble: Bubble, labels: { media: string; location: string }): string {
  if (bubble.body) return bubble.body.length > 80 ? `${bubble.body.slice(0, 79)}…` : bubble.body;
  if (bubble.location) return labels.location;
  return labels.media;
}
