/**
 * Tickets and messages for the desk's tests: every field filled, `patch` changes what a test
 * is about. Ticket `id` belongs to user 7 in queue 3, open, read, and its contact has the same id.
 */
import type { Message } from "../../api/messages.ts";
import type { Contact, Ticket } from "../../api/tickets.ts";

const CREATED = "2025-01-01T00:00:00.000Z";

export function contact(id: number, patch: Partial<Contact> = {}): Contact {
  return {
    id,
    name: `Contact ${id}`,
    number: `55119999900${id}`,
    lid: null,
    email: "",
    profilePicUrl: "",
    isGroup: false,
    disableBot: false,
    whatsappId: 1,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...patch,
  };
}

export function ticket(id: number, patch: Partial<Ticket> = {}): Ticket {
  return {
    id,
    uuid: `uuid-${id}`,
    status: "open",
    unreadMessages: 0,
    lastMessage: `last ${id}`,
    isGroup: false,
    fromMe: false,
    contactId: id,
    contact: contact(id),
    whatsappId: 1,
    whatsapp: { id: 1, name: "Main" },
    userId: 7,
    user: { id: 7, name: "Ana" },
    queueId: 3,
    queue: { id: 3, name: "Sales", color: "#ff0000" },
    chatbot: false,
    useIntegration: false,
    integrationId: null,
    promptId: null,
    tags: [],
    createdAt: CREATED,
    updatedAt: CREATED,
    ...patch,
  };
}

/** A text message from the contact on ticket 1. */
export function message(id: number, patch: Partial<Message> = {}): Message {
  return {
    id,
    wid: `w${id}`,
    ticketId: 1,
    contactId: 1,
    body: `m${id}`,
    fromMe: false,
    read: true,
    ack: 1,
    mediaType: "chat",
    mediaUrl: null,
    mediaName: null,
    mediaError: null,
    transcript: null,
    isDeleted: false,
    isEdited: false,
    failed: false,
    failedCode: null,
    quotedMsgId: null,
    quotedMsg: null,
    meta: null,
    userId: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...patch,
  };
}
