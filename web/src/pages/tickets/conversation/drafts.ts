/**
 * The composer's unsent text and reply-to, per user and ticket, in the browser's storage.
 * Bounded so storage never grows for ever: at most MAX_DRAFTS drafts, none older than
 * MAX_DRAFT_AGE_MS (the oldest go first). Keyed by user id, so a sign-out (forced or not)
 * keeps them for the same user on this browser and another user never sees them.
 */
import type { Message } from "../../../api/messages.ts";
import { keys } from "../../../lib/storage.ts";

export const MAX_DRAFTS = 200;
export const MAX_DRAFT_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** The server takes 4096 characters; anything longer could not be sent anyway. */
const MAX_TEXT = 4096;
const PREFIX = keys.draftPrefix;

export interface Draft {
  text: string;
  replyTo: Message | null;
  /** When it was last written (ms): the age and the order of eviction. */
  at: number;
}

export const draftKey = (userId: number, ticketId: number) => `${PREFIX}${userId}:${ticketId}`;

function parse(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.text !== "string" || typeof value.at !== "number") return null;
    const replyTo = value.replyTo && typeof value.replyTo.id === "number" ? value.replyTo : null;
    return { text: value.text, replyTo, at: value.at };
  } catch {
    return null;
  }
}

export function readDraft(
  store: Storage,
  userId: number,
  ticketId: number,
  now = Date.now(),
): Draft | null {
  const draft = parse(store.getItem(draftKey(userId, ticketId)));
  return draft && now - draft.at <= MAX_DRAFT_AGE_MS ? draft : null;
}

/** Writes the draft, or forgets it when there is nothing left to keep (sent or erased). */
export function saveDraft(
  store: Storage,
  userId: number,
  ticketId: number,
  draft: { text: string; replyTo: Message | null },
  now = Date.now(),
): void {
  const key = draftKey(userId, ticketId);
  try {
    if (!draft.text.trim() && !draft.replyTo) {
      store.removeItem(key);
      return;
    }
    const fresh = store.getItem(key) === null;
    const value: Draft = { text: draft.text.slice(0, MAX_TEXT), replyTo: draft.replyTo, at: now };
    store.setItem(key, JSON.stringify(value));
    if (fresh) pruneDrafts(store, now);
  } catch {
    // storage full or blocked: the draft lives as long as the page
  }
}

/** Drops drafts past their age, then the oldest beyond MAX_DRAFTS. */
export function pruneDrafts(store: Storage, now = Date.now()): void {
  const kept: { key: string; at: number }[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const draft = parse(store.getItem(key));
    kept.push({ key, at: draft && now - draft.at <= MAX_DRAFT_AGE_MS ? draft.at : -1 });
  }
  kept.sort((a, b) => b.at - a.at);
  kept.forEach((entry, index) => {
    if (entry.at < 0 || index >= MAX_DRAFTS) store.removeItem(entry.key);
  });
}
