// The Channel contract: what the rest of the product knows about a WhatsApp provider.
// A provider turns its wire events into these normalised shapes and performs sends;
// the SessionManager owns status bookkeeping and the inbox owns every business rule.

import type { SessionFootprint, SessionStatus, StatusReason } from "../../contracts/connections.ts";

export type { SessionFootprint, SessionStatus, StatusReason };

/** Our message model's mediaType values (seed 000 section 3). */
export type MediaType =
  | "chat"
  | "extendedTextMessage"
  | "image"
  | "video"
  | "audio"
  | "application"
  | "sticker"
  | "locationMessage"
  | "liveLocationMessage"
  | "vcard"
  | "contactMessage"
  | "reactionMessage"
  | "call_log"
  /** A kind the product cannot show (poll, album, event, order, template, undecryptable): kept with a marker. */
  | "unsupported";

/** Media attached to an inbound message, fetched only when the inbox stores it. */
export interface InboundMedia {
  mimetype: string;
  fileName?: string;
  /** Declared size in bytes when the provider knows it (used to refuse oversize early). */
  size?: number;
  /** Voice note (push-to-talk) rather than an audio file. */
  ptt?: boolean;
  /** Length of an audio or video, when the provider tells it. */
  seconds?: number;
  /** signal: the inbox stopped waiting (timeout, shutdown); the provider stops fetching. */
  download(signal?: AbortSignal): Promise<Uint8Array>;
}

/** The person a message comes from or goes to. jid is the chat address as the provider gives it. */
export interface Peer {
  jid: string;
  /** Phone number, digits only, when known. */
  number?: string;
  /** WhatsApp linked id ("123@lid") when the provider addressed the person by it. */
  lid?: string;
  pushName?: string;
}

export interface Location {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
  live?: boolean;
}

export interface InboundMessage {
  /** Provider's message id: the deduplication key. */
  wid: string;
  fromMe: boolean;
  /** The one-to-one counterpart (the customer), or for groups the participant who wrote. */
  peer: Peer;
  group?: { jid: string; subject?: string };
  /** Milliseconds since the epoch. */
  timestamp: number;
  mediaType: MediaType;
  /** Text or caption; a description for kinds without text ("" when none). */
  body: string;
  media?: InboundMedia;
  quotedWid?: string;
  location?: Location;
  /** vCards of contact messages (one for contactMessage, several for contactsArray). */
  vcards?: string[];
  /** Reactions: the reacted message and the emoji ("" removes the reaction). */
  reaction?: { targetWid: string; emoji: string };
  /** Provider's raw message as JSON, kept so retries can be served (getMessage). */
  raw?: string;
  /** For mediaType "unsupported": which kind it was (poll, album, event, order, template, ciphertext...). */
  unsupported?: string;
}

export interface AckEvent {
  wid: string;
  /** WhatsApp's status scale: 0 error, 1 pending, 2 server ack, 3 delivered, 4 read, 5 played. */
  ack: number;
  /** With ack 0: WhatsApp's code for the refusal ("463" restricted account, "479" stale session...), when it gave one. */
  error?: string;
}

/** WhatsApp's refusal code for an account it restricts from reaching out (its "reach-out timelock"). */
export const RESTRICTED_CODE = "463";

/**
 * WhatsApp limits this number's new chats: a reach-out time-lock, or its new-chat quota
 * spent for the cycle. active false: WhatsApp says the time-lock is over.
 */
export interface RestrictionEvent {
  active: boolean;
  /** When it ends (ms since the epoch), when WhatsApp says. */
  until?: number;
  kind: "timelock" | "capped";
}

/** Who made an edit or a revoke: only the message's author may. */
export interface Author {
  fromMe: boolean;
  /** The person (device part dropped); for groups the participant. */
  peer: Peer;
}

export interface EditEvent {
  wid: string;
  body: string;
  by: Author;
}

export interface RevokeEvent {
  wid: string;
  by: Author;
}

export interface CallEvent {
  id: string;
  peer: Peer;
  isVideo: boolean;
  /** offer: ringing now; the manager may reject it. */
  status: "offer" | "timeout" | "reject" | "accept" | "terminate";
  timestamp: number;
  /** The caller's address exactly as the provider gave it: rejects must go there. */
  from: string;
}

/** A person's lid and phone number seen together, or a new push name or picture. */
export interface IdentityEvent {
  lid?: string;
  number?: string;
  pushName?: string;
  profilePicUrl?: string;
}

export interface StatusInfo {
  /** The linked phone number once CONNECTED. */
  number?: string;
  /** Free text for the log. */
  reason?: string;
  code?: StatusReason;
  /** When the session reconnects on its own (ms since the epoch). */
  nextRetryAt?: number;
}

/** Where a provider reports. Implemented by the SessionManager. */
export interface ChannelEvents {
  qr(qr: string): void;
  status(status: SessionStatus, info?: StatusInfo): void;
  message(msg: InboundMessage): void;
  ack(e: AckEvent): void;
  edit(e: EditEvent): void;
  revoke(e: RevokeEvent): void;
  call(e: CallEvent): void;
  identity(e: IdentityEvent): void;
  /** Names saved in the phone's address book (import from phone). */
  addressBook(entries: { number: string; name: string }[]): void;
  restriction(e: RestrictionEvent): void;
}

/** Durable sign-in state for one connection (Baileys creds and signal keys). */
export interface KeyStore {
  get(type: string, ids: string[]): Promise<Record<string, string>>;
  /** value null deletes. All writes of one call land in one transaction. */
  set(entries: { type: string; id: string; value: string | null }[]): Promise<void>;
  clear(): Promise<void>;
}

export interface SendOptions {
  quotedWid?: string;
  /**
   * The id the message must carry. We store a message before sending it, so WhatsApp's
   * echo of our own send finds the row and is not stored twice.
   */
  wid?: string;
}

/** A message id in WhatsApp Web's style, for SendOptions.wid. */
export function newWid() {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return "3EB0" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("").toUpperCase();
}

export interface SentMessage {
  wid: string;
  /** Provider's raw message as JSON (kept for getMessage). */
  raw?: string;
}

export interface OutboundMedia {
  data: Uint8Array;
  mimetype: string;
  fileName: string;
  caption?: string;
  /** Send audio as a voice note. */
  ptt?: boolean;
  /** Send a webp as a sticker (only when chosen as one: a webp is an image otherwise). */
  sticker?: boolean;
}

/** One connection's live session. `to` is a chat jid as stored on the contact ("5511...@s.whatsapp.net", "...@g.us"). */
export interface ChannelSession {
  start(): Promise<void>;
  /** logout: unlink the device and forget the keys; otherwise just close the socket. */
  stop(logout: boolean): Promise<void>;
  sendText(to: string, text: string, opts?: SendOptions): Promise<SentMessage>;
  sendMedia(to: string, media: OutboundMedia, opts?: SendOptions): Promise<SentMessage>;
  sendLocation(to: string, location: Location, opts?: SendOptions): Promise<SentMessage>;
  sendContact(to: string, contact: { name: string; number: string }, opts?: SendOptions): Promise<SentMessage>;
  /** Whether a phone number has WhatsApp; jid is the address to use. */
  checkNumber(number: string): Promise<{ exists: boolean; jid: string; number: string }>;
  markRead(chatJid: string, wids: { wid: string; fromMe: boolean; participant?: string }[]): Promise<void>;
  deleteMessage(chatJid: string, wid: string, fromMe: boolean): Promise<void>;
  rejectCall(callId: string, from: string): Promise<void>;
  profilePicture(jid: string): Promise<string | null>;
  /** Shows the contact that we are typing ("composing") or have stopped ("paused"). */
  presence(to: string, state: "composing" | "paused"): Promise<void>;
  /** What the connection holds in memory, when the provider keeps anything per connection. */
  footprint?(): SessionFootprint;
}

export interface ChannelContext {
  companyId: number;
  whatsappId: number;
  keys: KeyStore;
  events: ChannelEvents;
  /** Our stored raw message by provider id (WhatsApp's retry requests need it). */
  getMessage(wid: string): Promise<string | null>;
  /** Sign in with a pairing code for this number instead of a QR (baileys). */
  pairingNumber?: string;
  /**
   * Whether the company drops group messages now (its CheckMsgIsGroup setting): a provider
   * may then refuse them before decrypting. Answers at once.
   */
  dropsGroups?(): boolean;
}

export interface ChannelProvider {
  readonly name: "baileys" | "sandbox";
  create(ctx: ChannelContext): ChannelSession;
}

/**
 * WhatsApp refused a send because this number sends too much (its "rate-overlimit", 429).
 * Nothing left the phone; the same send later may go. Providers throw it as it is.
 */
export class RateLimitedError extends Error {
  constructor(message = "rate-overlimit") {
    super(message);
    this.name = "RateLimitedError";
  }
}

/** jid helpers shared by providers and the inbox. */
export const userJid = (number: string) => `${number}@s.whatsapp.net`;
export const jidNumber = (jid: string) => jid.split("@")[0].split(":")[0].replace(/\D/g, "");
