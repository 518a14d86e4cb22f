/** Messages of a ticket (docs/api.md "Messages"). */
import { request } from "./client.ts";
import type { Contact, Ticket } from "./tickets.ts";
import type { HistoryTicket } from "../../../contracts/history.ts";
export type { HistoryTicket };

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
  /** A kind the desk cannot show (meta.unsupported says which): see it on the phone. */
  | "unsupported";

export interface MessageLocation {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
  live?: boolean;
}

export interface MessageMeta {
  location?: MessageLocation;
  vcards?: string[];
  reaction?: { targetId: number | string; emoji: string };
  /** poll, album, event, order, product, template, interactive or ciphertext (undecryptable). */
  unsupported?: string;
}

export interface QuotedMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: MediaType | string;
  contact?: { name: string };
}

export interface Message {
  id: number;
  wid: string;
  ticketId: number;
  contactId: number | null;
  body: string;
  fromMe: boolean;
  read: boolean;
  /** 0 pending, 1 sent, 2 delivered, 3 delivered, 4 read, 5 played. */
  ack: number;
  /** Unknown future kinds are shown as text. */
  mediaType: MediaType | string;
  mediaUrl: string | null;
  mediaName: string | null;
  mediaError: "ERR_WAPP_DOWNLOAD_MEDIA" | null;
  /** A customer's voice note as an AI agent heard it; null when not transcribed. */
  transcript: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  /** WhatsApp refused our message: it never reached the contact. */
  failed: boolean;
  /** WhatsApp's code for that refusal ("463": the number is restricted from starting chats), when it gave one. */
  failedCode: string | null;
  quotedMsgId: number | null;
  quotedMsg: QuotedMessage | null;
  meta: MessageMeta | null;
  userId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface MessagePage {
  /** Oldest first within the page; page 1 is the newest. */
  messages: Message[];
  ticket: Ticket;
  hasMore: boolean;
}

export interface SendOptions {
  /** The id of the message replied to. */
  quotedMsg?: number;
  /** Prefix the attendant's name in bold (the server signs only when asked). */
  sign?: boolean;
  /** The quick answer the text came from: the server sends its attachment with the text. */
  quickMessageId?: number;
}


export interface HistoryPage {
  /** Newest ticket first. */
  tickets: HistoryTicket[];
  /** Grouped by ticket, oldest ticket first; oldest first within a ticket. */
  messages: Message[];
  /** null: no earlier page. */
  cursor: string | null;
}

/** Realtime company-{c}-appMessage payloads. */
export type AppMessageEvent =
  | { action: "create"; message: Message; ticket: Ticket; contact?: Contact }
  | { action: "update"; message: Message };

export const messages = {
  page: (ticketId: number, pageNumber: number) =>
    request<MessagePage>(`/messages/${ticketId}`, { query: { pageNumber } }),
  sendText: (ticketId: number, body: string, options: SendOptions = {}) =>
    request<Message>(`/messages/${ticketId}`, {
      method: "POST",
      body: { body, quotedMsg: options.quotedMsg, sign: options.sign, quickMessageId: options.quickMessageId },
    }),
  /** Multipart: one or more files under "medias"; the text goes as the caption. */
  sendMedia: (ticketId: number, files: File[], caption = "", options: SendOptions = {}) => {
    const form = new FormData();
    for (const file of files) form.append("medias", file, file.name);
    if (caption) form.append("body", caption);
    if (options.quotedMsg !== undefined) form.append("quotedMsg", String(options.quotedMsg));
    if (options.sign !== undefined) form.append("sign", String(options.sign));
    return request<Message[]>(`/messages/${ticketId}`, { method: "POST", body: form });
  },
  remove: (id: number) => request<Message>(`/messages/${id}`, { method: "DELETE" }),
  /** The contact's earlier tickets above a ticket, a page at a time (read-only). */
  history: (ticketId: number, cursor?: string) =>
    request<HistoryPage>(`/messages/${ticketId}/history`, { query: { cursor } }),
};
