import assert from "node:assert/strict";
import type { Chat, ChatMessage } from "../../api/chats.ts";
import {
  applyChatEvent,
  asChatEvent,
  canManageChat,
  isNearTop,
  mergeMessages,
  outgoingText,
  unreadsOf,
  validateChat,
} from "./chatState.ts";

const chat = (id: number, updatedAt: string, unreads = 0): Chat => ({
  id,
  uuid: `u${id}`,
  title: `c${id}`,
  ownerId: 1,
  lastMessage: "",
  createdAt: updatedAt,
  updatedAt,
  users: [{ userId: 1, unreads: 0, user: { id: 1, name: "Ana" } }, { userId: 2, unreads, user: { id: 2, name: "Beto" } }],
});
const message = (id: number): ChatMessage => ({ id, chatId: 1, message: `m${id}`, senderId: 1, sender: { id: 1, name: "Ana" }, createdAt: "" });

Deno.test("chat list: a chat with news moves to the top, a deleted one leaves, junk events are ignored", () => {
  const list = [chat(1, "2026-01-02"), chat(2, "2026-01-01")];
  const moved = applyChatEvent(list, { action: "new-message", chat: chat(2, "2026-01-03", 1), newMessage: message(9) });
  assert.deepEqual(moved.map((c) => c.id), [2, 1]);
  assert.equal(unreadsOf(moved[0], 2), 1);
  assert.equal(unreadsOf(moved[0], 7), 0);
  assert.deepEqual(applyChatEvent(moved, { action: "delete", id: 2 }).map((c) => c.id), [1]);
  assert.equal(asChatEvent({ action: "new-message", chat: chat(1, "x") }), null, "a new message without the message");
  assert.equal(asChatEvent({ action: "delete" }), null);
  assert.deepEqual(asChatEvent({ action: "delete", id: 3 }), { action: "delete", id: 3 });
});

Deno.test("chat messages: merged once each in order; only trimmed non-empty text is sent; older ones load within 600 px of the top", () => {
  assert.deepEqual(mergeMessages([message(3), message(4)], [message(1), message(2), message(3)]).map((m) => m.id), [1, 2, 3, 4]);
  assert.equal(outgoingText("   \n "), null);
  assert.equal(outgoingText("  oi "), "oi");
  assert.equal(isNearTop({ scrollTop: 599 }), true);
  assert.equal(isNearTop({ scrollTop: 600 }), false);
});

Deno.test("chat save dialog: title required with the spec's message, at least one user; only the owner manages", () => {
  assert.deepEqual(validateChat({ title: "  ", users: [] }), {
    title: { key: "internalChat.dialog.titleRequired" },
    users: { key: "internalChat.dialog.usersRequired" },
  });
  assert.deepEqual(validateChat({ title: "Plantão", users: ["2"] }), {});
  assert.equal(canManageChat({ ownerId: 1 }, 1), true);
  assert.equal(canManageChat({ ownerId: 1 }, 2), false);
  assert.equal(canManageChat({ ownerId: 1 }, undefined), false);
});
