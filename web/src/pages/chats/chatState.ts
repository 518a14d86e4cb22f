/** The internal chat's rules on the client (seed 002 sections 4-5, docs/api.md "Internal chat"). */
import type { Chat, ChatMessage } from "../../api/chats.ts";
import { collect, type Issues } from "../../lib/validation.ts";

/** Older messages load once scrolled within this distance of the top (seed 002 section 4). */
export const LOAD_OLDER_THRESHOLD_PX = 600;
/** Below this width the page shows one pane at a time, as two tabs (seed 002 section 2). */
export const NARROW_CHAT_QUERY = "(max-width: 600px)";
export const TITLE_MAX = 100;

export type ChatEvent =
  | { action: "create" | "update"; chat: Chat }
  | { action: "new-message"; chat: Chat; newMessage: ChatMessage }
  | { action: "delete"; id: number };

/** A company-{c}-chat payload, checked enough to be trusted. */
export function asChatEvent(data: unknown): ChatEvent | null {
  if (typeof data !== "object" || data === null) return null;
  const event = data as Record<string, unknown>;
  if (event.action === "delete") return typeof event.id === "number" ? { action: "delete", id: event.id } : null;
  if (!isChat(event.chat)) return null;
  if (event.action === "create" || event.action === "update") return { action: event.action, chat: event.chat };
  if (event.action === "new-message" && isMessage(event.newMessage)) {
    return { action: "new-message", chat: event.chat, newMessage: event.newMessage };
  }
  return null;
}

/** The latest activity first, as the server pages them. */
export function compareChats(a: Chat, b: Chat): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return b.id - a.id;
}

/** The list after an event: a changed chat takes its place by activity, a deleted one leaves. */
export function applyChatEvent(list: readonly Chat[], event: ChatEvent): Chat[] {
  if (event.action === "delete") return list.filter((chat) => chat.id !== event.id);
  return [...list.filter((chat) => chat.id !== event.chat.id), event.chat].sort(compareChats);
}

export function unreadsOf(chat: Chat, userId: number): number {
  return chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
}

/** Messages by id, each once: a live message may also arrive in a page read later. */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of [...a, ...b]) byId.set(message.id, message);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** A message is sent only when its trimmed text is not empty (seed 002 section 5). */
export function outgoingText(draft: string): string | null {
  const text = draft.trim();
  return text ? text : null;
}

export function isNearTop(element: { scrollTop: number }, threshold = LOAD_OLDER_THRESHOLD_PX): boolean {
  return element.scrollTop < threshold;
}

/** Only the owner edits or deletes a chat (seed 002 section 6). */
export function canManageChat(chat: Pick<Chat, "ownerId">, userId: number | undefined): boolean {
  return userId !== undefined && chat.ownerId === userId;
}

export type ChatField = "title" | "users";

export interface ChatValues {
  title: string;
  users: string[];
}

export function initialChatValues(chat: Chat | null, me: number | undefined): ChatValues {
  return {
    title: chat?.title ?? "",
    users: (chat?.users ?? []).filter((member) => member.userId !== me).map((member) => String(member.userId)),
  };
}

/** Title required with the spec's message, and at least one user. */
export function validateChat(values: ChatValues): Issues<ChatField> {
  const title = values.title.trim();
  return collect<ChatField>({
    title: !title
      ? { key: "internalChat.dialog.titleRequired" }
      : title.length > TITLE_MAX
      ? { key: "validation.tooLong", params: { max: TITLE_MAX } }
      : null,
    users: values.users.length === 0 ? { key: "internalChat.dialog.usersRequired" } : null,
  });
}

function isChat(value: unknown): value is Chat {
  if (typeof value !== "object" || value === null) return false;
  const chat = value as Record<string, unknown>;
  return typeof chat.id === "number" && typeof chat.title === "string" && Array.isArray(chat.users);
}

function isMessage(value: unknown): value is ChatMessage {
  if (typeof value !== "object" || value === null) return false;
  const message = value as Record<string, unknown>;
  return typeof message.id === "number" && typeof message.chatId === "number" &&
    typeof message.message === "string";
}
