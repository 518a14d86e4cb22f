// Drafts in a real Web Storage (Deno's sessionStorage).
import assert from "node:assert/strict";
import type { Message } from "../../../api/messages.ts";
import { draftKey, MAX_DRAFT_AGE_MS, MAX_DRAFTS, readDraft, saveDraft } from "./drafts.ts";

const store = globalThis.sessionStorage;
const quoted = { id: 7, body: "Qual o prazo?", fromMe: false, mediaType: "chat" } as Message;
const DAY = 24 * 60 * 60 * 1000;

Deno.test("drafts: text and reply-to come back per user and ticket; nothing left to keep is forgotten", () => {
  store.clear();
  saveDraft(store, 1, 10, { text: "Olá, ", replyTo: quoted }, 1000);
  saveDraft(store, 1, 11, { text: "outro ticket", replyTo: null }, 1000);
  assert.deepEqual(readDraft(store, 1, 10, 2000), { text: "Olá, ", replyTo: quoted, at: 1000 });
  assert.equal(readDraft(store, 1, 11, 2000)?.text, "outro ticket");
  assert.equal(readDraft(store, 2, 10, 2000), null, "another user on this browser sees none");
  saveDraft(store, 1, 10, { text: "", replyTo: quoted }, 3000);
  assert.equal(readDraft(store, 1, 10, 3000)?.replyTo?.id, 7, "a reply-to alone is kept");
  saveDraft(store, 1, 10, { text: "  ", replyTo: null }, 4000);
  assert.equal(store.getItem(draftKey(1, 10)), null, "sent: gone");
  store.setItem(draftKey(1, 12), "{not json");
  assert.equal(readDraft(store, 1, 12), null);
});

Deno.test("drafts: at most MAX_DRAFTS, the oldest go first; none older than 30 days", () => {
  store.clear();
  store.setItem("language", "pt");
  const start = 10 * DAY;
  for (let i = 0; i < MAX_DRAFTS + 5; i++) {
    saveDraft(store, 1, i, { text: `rascunho ${i}`, replyTo: null }, start + i);
  }
  const drafts = Object.keys(store).filter((key) => key.startsWith("draft:"));
  assert.equal(drafts.length, MAX_DRAFTS);
  assert.equal(readDraft(store, 1, 4, start), null, "the oldest were dropped");
  assert.equal(readDraft(store, 1, 5, start)?.text, "rascunho 5");
  assert.equal(store.getItem("language"), "pt", "other keys are left alone");

  const later = start + MAX_DRAFT_AGE_MS + MAX_DRAFTS + 10;
  assert.equal(readDraft(store, 1, 50, later), null, "too old to restore");
  saveDraft(store, 1, 9999, { text: "novo", replyTo: null }, later);
  assert.deepEqual(Object.keys(store).filter((key) => key.startsWith("draft:")), [
    draftKey(1, 9999),
  ]);
  store.clear();
});
