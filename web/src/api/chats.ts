/** The internal chat (docs/api.md "Internal chat"). */
import { request } from "./client.ts";

export interface ChatMember {
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}

export interface Chat {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
  users: ChatMember[];
}

export interface ChatMessage {
  id: number;
  chatId: number;
  message: string;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  createdAt: string;
}

export interface ChatInput {
  title: string;
  users: number[];
}

export const chats = {
  page: (pageNumber: number) =>
    request<{ records: Chat[]; hasMore: boolean }>("/chats", { query: { pageNumber } }),
  unreads: () => request<{ unreads: number }>("/chats/unreads"),
  /** By id or by the uuid of the page address. */
  get: (ref: number | string) => request<Chat>(`/chats/${ref}`),
  create: (input: ChatInput) => request<Chat>("/chats", { method: "POST", body: input }),
  update: (id: number, input: Partial<ChatInput>) =>
    request<Chat>(`/chats/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/chats/${id}`, { method: "DELETE" }),
  messages: (id: number, pageNumber: number) =>
    request<{ records: ChatMessage[]; count: number; hasMore: boolean }>(`/chats/${id}/messages`, {
      query: { pageNumber },
    }),
  send: (id: number, message: string) =>
    request<ChatMessage>(`/chats/${id}/messages`, { method: "POST", body: { message } }),
  read: (id: number, userId: number) =>
    request<Chat>(`/chats/${id}/read`, { method: "POST", body: { userId } }),
};
