/**
 * Connections (WhatsApp accounts and their sessions), the sandbox phone and the send API
 * for integrators (docs/api.md "Connections", "Sandbox phone", "Send API for integrators").
 */
import { request } from "./client.ts";
import type { WeeklyHours } from "./types.ts";
import type { SessionFootprint, SessionStatus, StatusReason } from "../../../contracts/connections.ts";

export type { SessionStatus, StatusReason };

export type Provider = "baileys" | "sandbox";

export interface WhatsappQueue {
  id: number;
  name: string;
  color: string;
  greetingMessage?: string;
}

export interface Whatsapp {
  id: number;
  name: string;
  provider: Provider;
  status: SessionStatus;
  /** The QR text to scan, or the 8-character pairing code while PAIRING ("" when none). */
  qrcode: string;
  retries: number;
  /** The linked phone number (digits) once connected. */
  number: string;
  /** When the session tries to reconnect on its own (ISO), null when no retry is planned. */
  nextRetryAt: string | null;
  /** "" when there is nothing to explain. */
  statusReason: StatusReason | "";
  isDefault: boolean;
  /** Bearer of the send API ("" for non-admins; never carried by events). */
  token: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  farewellMessage: string;
  /** Told when the bot hands the customer to people; "": the server's default text. */
  handoverMessage: string;
  expiresInactiveMessage: string;
  /** Minutes. */
  expiresTicket: number;
  /** Minutes. */
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  transferQueueId: number | null;
  /** Minutes. */
  timeToTransfer: number;
  integrationId: number | null;
  promptId: number | null;
  /** The flow a contact's first conversation starts (null: none). */
  flowIdWelcome?: number | null;
  /** The flow a message matching no flow campaign starts (null: none). */
  flowIdNotPhrase?: number | null;
  /** Numbers separated by ";". */
  whitelist: string;
  /** Numbers separated by ";". */
  blacklist: string;
  schedules: WeeklyHours[];
  queues: WhatsappQueue[];
  /**
   * The live session's memory: its caches and the data they hold (bytes, estimated). Only
   * in GET answers (events leave it out); null without a live session or for the sandbox.
   */
  footprint?: SessionFootprint | null;
  createdAt: string;
  updatedAt: string;
}

export interface WhatsappInput {
  name?: string;
  /** Only on create. */
  provider?: Provider;
  isDefault?: boolean;
  queueIds?: number[];
  greetingMessage?: string;
  complationMessage?: string;
  outOfHoursMessage?: string;
  ratingMessage?: string;
  farewellMessage?: string;
  handoverMessage?: string;
  expiresInactiveMessage?: string;
  expiresTicket?: number;
  timeUseBotQueues?: number;
  maxUseBotQueues?: number;
  transferQueueId?: number | null;
  timeToTransfer?: number;
  integrationId?: number | null;
  promptId?: number | null;
  flowIdWelcome?: number | null;
  flowIdNotPhrase?: number | null;
  whitelist?: string;
  blacklist?: string;
  schedules?: WeeklyHours[];
}

/** company-{c}-whatsapp */
export type WhatsappEvent =
  | { action: "update"; whatsapp: Whatsapp }
  | { action: "delete"; whatsappId: number };

/** company-{c}-whatsappSession */
export interface WhatsappSessionEvent {
  action: "update";
  session: Whatsapp;
}

/** One thing the company sent to the simulated phone. */
export interface SandboxRecord {
  /** The outbox row's id (not a message id). */
  id: number;
  wid: string;
  /**
   * Not in the contract yet: the stored message's id, which a reply would quote. Without
   * it the phone cannot reply to what the company sent.
   */
  messageId?: number | null;
  number: string;
  kind: string;
  body: string;
  mediaUrl: string | null;
  mediaType: string | null;
  /** The file's name (documents the company sent). */
  mediaName?: string | null;
  /** 0 pending, 1 sent, 2 delivered, 3 read (4, 5 played). */
  ack: number;
  deleted: boolean;
  createdAt: string;
}

export interface SandboxOutboxPage {
  records: SandboxRecord[];
  hasMore: boolean;
}

/** company-{c}-sandbox-{whatsappId} */
export interface SandboxEvent {
  action: "outbound" | "update";
  record: SandboxRecord;
}

export interface SandboxLocation {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

export interface SandboxContactCard {
  name: string;
  number: string;
}

/** What the simulated customer writes (JSON form). */
export interface SandboxInbound {
  number: string;
  name?: string;
  body?: string;
  /** Our id (messages.id) of the message being replied to. */
  quotedId?: number;
  /** Or the WhatsApp id of a company message the phone received (outbox record wid). */
  quotedWid?: string;
  location?: SandboxLocation;
  vcard?: SandboxContactCard;
}

/** What the simulated customer sends with files (multipart form). */
export interface SandboxInboundMedia {
  number: string;
  name?: string;
  body?: string;
  quotedId?: number;
  quotedWid?: string;
  medias: File[];
}

/** The parts of a stored Message the phone panel shows (docs/api.md "Messages"). */
export interface StoredMessage {
  id: number;
  wid: string;
  body: string;
  fromMe: boolean;
  ack: number;
  mediaType: string;
  mediaUrl: string | null;
  mediaName?: string | null;
  quotedMsgId?: number | null;
  meta?: {
    location?: SandboxLocation & { live?: boolean };
    vcards?: string[];
  } | null;
  createdAt: string;
}

export interface SendApiInput {
  number: string;
  body: string;
  closeTicket?: boolean;
  medias?: File[];
}

export interface SendApiAnswer {
  mensagem: string;
  messageIds: number[];
  ticketId: number;
  contactId: number;
}

/** Build a multipart body; empty and missing fields are left out, files go as "medias". */
export function toFormData(
  fields: Record<string, string | undefined>,
  medias: readonly File[],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== "") form.append(name, value);
  }
  for (const file of medias) form.append("medias", file, file.name);
  return form;
}

export const whatsapps = {
  list: () => request<Whatsapp[]>("/whatsapp", { query: { session: 0 } }),
  get: (id: number) => request<Whatsapp>(`/whatsapp/${id}`, { query: { session: 0 } }),
  create: (input: WhatsappInput) => request<Whatsapp>("/whatsapp", { method: "POST", body: input }),
  update: (id: number, input: WhatsappInput) =>
    request<Whatsapp>(`/whatsapp/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/whatsapp/${id}`, { method: "DELETE" }),
  regenerateToken: (id: number) => request<Whatsapp>(`/whatsapp/${id}/token`, { method: "POST" }),
  /**
   * Start the session (also "try again"). With a phone number (digits, 8..15) a baileys
   * connection signs in by a pairing code instead of a QR: the status becomes PAIRING and
   * qrcode holds the 8-character code. The body goes only when a number is given.
   */
  start: (id: number, pairingNumber?: string) =>
    request<{ message: string }>(`/whatsappsession/${id}`, {
      method: "POST",
      ...(pairingNumber ? { body: { pairingNumber } } : {}),
    }),
  /** Forget the keys and restart: a new QR code. */
  newQrCode: (id: number) =>
    request<{ message: string }>(`/whatsappsession/${id}`, { method: "PUT" }),
  /** Log the session out. */
  disconnect: (id: number) =>
    request<{ message: string }>(`/whatsappsession/${id}`, { method: "DELETE" }),
};

export const sandbox = {
  /** The simulated customer writes text, a location, a contact card or a reply. */
  inbound: (whatsappId: number, input: SandboxInbound) =>
    request<StoredMessage[]>(`/sandbox/${whatsappId}/inbound`, { method: "POST", body: input }),
  /** The simulated customer sends files (with an optional caption). */
  inboundMedia: (whatsappId: number, input: SandboxInboundMedia) =>
    request<StoredMessage[]>(`/sandbox/${whatsappId}/inbound`, {
      method: "POST",
      body: toFormData(
        {
          number: input.number,
          name: input.name,
          body: input.body,
          quotedId: input.quotedId === undefined ? undefined : String(input.quotedId),
          quotedWid: input.quotedWid,
        },
        input.medias,
      ),
    }),
  /** What the company sent to this number (page 1 is the newest, oldest first within it). */
  outbox: (whatsappId: number, number: string, pageNumber = 1) =>
    request<SandboxOutboxPage>(`/sandbox/${whatsappId}/outbox`, {
      query: { number, pageNumber },
    }),
};

export const SEND_API_PATH = "/api/messages/send";

export const sendApi = {
  /**
   * POST /api/messages/send with a connection's token as bearer: JSON without files,
   * multipart with them. Never touches the signed-in session.
   */
  send: (token: string, input: SendApiInput) => {
    const medias = input.medias ?? [];
    const body = medias.length > 0
      ? toFormData({ number: input.number, body: input.body }, medias)
      : {
        number: input.number,
        body: input.body,
        ...(input.closeTicket === undefined ? {} : { closeTicket: input.closeTicket }),
      };
    return request<SendApiAnswer>(SEND_API_PATH, { method: "POST", body, bearer: token });
  },
};
