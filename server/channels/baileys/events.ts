// Baileys' other events -> the contract's shapes: message updates (acks, edits, revokes),
// per-user receipts, calls, and identity hints (lid <-> phone number, push names).
import {
  type Contact,
  jidNormalizedUser,
  type LIDMapping,
  type MessageUserReceiptUpdate,
  normalizeMessageContent,
  type WACallEvent,
  WAMessageStubType,
  type WAMessageUpdate,
} from "@whiskeysockets/baileys";
import {
  type AckEvent,
  type Author,
  type CallEvent,
  type EditEvent,
  type IdentityEvent,
  jidNumber,
  type RevokeEvent,
} from "../channel.ts";
import { textOf } from "./normalize.ts";
import { isLid, isPn, peerFrom, peerOfKey } from "./peer.ts";

/**
 * Our ack is Baileys' WAMessageStatus value as is:
 * 0 ERROR, 1 PENDING, 2 SERVER_ACK (sent), 3 DELIVERY_ACK, 4 READ, 5 PLAYED.
 */
export const ACK = { ERROR: 0, PENDING: 1, SENT: 2, DELIVERED: 3, READ: 4, PLAYED: 5 } as const;

export interface UpdateEvents {
  ack?: AckEvent;
  edit?: EditEvent;
  revoke?: RevokeEvent;
}

/** One messages.update entry: a status change, an edit, a revoke, or several. */
export function fromUpdate(u: WAMessageUpdate): UpdateEvents {
  const wid = u.key?.id;
  if (!wid) return {};
  const out: UpdateEvents = {};
  const status = u.update?.status;
  if (typeof status === "number") out.ack = { wid, ack: status };
  // A refusal carries WhatsApp's code first (messages-recv.js handleBadAck: [code, text?]).
  const code = u.update?.messageStubParameters?.[0];
  if (out.ack && status === ACK.ERROR && code !== undefined && code !== null && String(code)) out.ack.error = String(code);
  // Baileys puts the editor's key (chat, participant, fromMe) with the target's id on edits
  // and revokes: who asked, to be matched against the message's author.
  const by: Author = { fromMe: !!u.key.fromMe, peer: peerOfKey(u.key) };
  if (u.update?.messageStubType === WAMessageStubType.REVOKE) out.revoke = { wid, by };
  // Baileys reports an edit as { editedMessage: { message: <new content> } } on the target key.
  const edited = u.update?.message?.editedMessage?.message;
  if (edited) {
    const inner = normalizeMessageContent(edited);
    out.edit = { wid, body: textOf(inner?.protocolMessage?.editedMessage ?? inner), by };
  }
  return out;
}

/** A per-user receipt (groups, and our other devices): the furthest step it shows. */
export function fromReceipt(r: MessageUserReceiptUpdate): AckEvent | null {
  const wid = r.key?.id;
  const receipt = r.receipt;
  if (!wid || !receipt) return null;
  if (receipt.playedTimestamp) return { wid, ack: ACK.PLAYED };
  if (receipt.readTimestamp) return { wid, ack: ACK.READ };
  if (receipt.receiptTimestamp) return { wid, ack: ACK.DELIVERED };
  return null;
}

const CALL_STATUSES = new Set<CallEvent["status"]>([
  "offer",
  "timeout",
  "reject",
  "accept",
  "terminate",
]);

/** Ringing, answered, missed or ended calls; signalling steps (transport, latency) are dropped. */
export function fromCall(c: WACallEvent, now: () => number = Date.now): CallEvent | null {
  const status = c.status as CallEvent["status"];
  if (!c.id || !c.from || !CALL_STATUSES.has(status)) return null;
  const date = c.date instanceof Date ? c.date.getTime() : Number(c.date);
  return {
    id: c.id,
    peer: peerFrom(c.from, c.callerPn),
    isVideo: !!c.isVideo,
    status,
    timestamp: Number.isFinite(date) && date > 0 ? date : now(),
    from: c.from,
  };
}

/** A contact record; null when it teaches nothing (no id we can key on, nothing new). */
export function fromContact(c: Partial<Contact>): IdentityEvent | null {
  const ids = [c.id, c.lid, c.phoneNumber];
  const lid = ids.find(isLid);
  const pn = ids.find(isPn);
  const e: IdentityEvent = {};
  if (lid) e.lid = jidNormalizedUser(lid);
  if (pn) e.number = jidNumber(pn);
  if (!e.lid && !e.number) return null;
  if (c.notify) e.pushName = c.notify;
  // "changed" means "ask again", not a URL.
  if (typeof c.imgUrl === "string" && c.imgUrl !== "changed") e.profilePicUrl = c.imgUrl;
  const learnt = (e.lid && e.number) || e.pushName || e.profilePicUrl;
  return learnt ? e : null;
}

/** A contact the phone saved with a name: its address-book entry. */
export function fromAddressBook(c: Partial<Contact>): { number: string; name: string } | null {
  const pn = [c.id, c.phoneNumber].find(isPn);
  const name = c.name?.trim();
  return pn && name ? { number: jidNumber(pn), name } : null;
}

export function fromLidMapping(m: LIDMapping): IdentityEvent | null {
  if (!isLid(m.lid) || !isPn(m.pn)) return null;
  return { lid: jidNormalizedUser(m.lid), number: jidNumber(m.pn) };
}
