/** Pure changes to a conversation's messages (kept oldest first, ordered by id). */
import type { Message } from "../../../api/messages.ts";

function record(data: unknown): Record<string, unknown> {
  return typeof data === "object" && data !== null ? data as Record<string, unknown> : {};
}

function isMessage(value: unknown): value is Message {
  const message = record(value);
  return typeof message.id === "number" && typeof message.ticketId === "number";
}

/** An older page goes in front; a message already held (live) is not repeated. */
export function mergeOlder(current: Message[], older: Message[]): Message[] {
  const held = new Set(current.map((message) => message.id));
  return [...older.filter((message) => !held.has(message.id)), ...current];
}

/** Replace a held message, or add a new one in id order (usually at the end). */
export function upsertMessage(list: Message[], message: Message): Message[] {
  const index = list.findIndex((entry) => entry.id === message.id);
  if (index !== -1) {
    const next = list.slice();
    next[index] = { ...list[index], ...message };
    return next;
  }
  const last = list.at(-1);
  if (!last || last.id < message.id) return [...list, message];
  return [...list, message].sort((a, b) => a.id - b.id);
}

/**
 * company-{c}-appMessage for this ticket: create adds (or refreshes) the message; update
 * (ack, delete, edit) changes only a message already shown, since an older one not loaded
 * yet will arrive current with its page.
 */
export function applyAppMessageEvent(list: Message[], data: unknown, ticketId: number) {
  const event = record(data);
  if (!isMessage(event.message) || event.message.ticketId !== ticketId) return list;
  if (event.action === "create") return upsertMessage(list, event.message);
  if (event.action === "update") {
    const id = event.message.id;
    return list.some((entry) => entry.id === id) ? upsertMessage(list, event.message) : list;
  }
  return list;
}

/**
 * The open ticket receives a message from the contact: it must not stay unread while the
 * attendant is looking at it, so the history's first page is requested again (the server
 * marks the ticket read whenever page 1 is loaded).
 */
export function readsAgain(data: unknown, ticketId: number): boolean {
  const event = record(data);
  return event.action === "create" && isMessage(event.message) &&
    event.message.ticketId === ticketId && !event.message.fromMe;
}
