// The inbound pipeline for one message: normalised message -> contact -> ticket ->
// stored message and media -> ticket counters -> events. Provider-agnostic.
import { and, eq, sql } from "drizzle-orm";
import type { Tenant } from "../tenancy/registry.ts";
import type { Hub } from "../realtime/hub.ts";
import { type InboundMessage, userJid } from "../channels/channel.ts";
import { messages } from "../../db/tenant/schema.ts";
import { getSettings } from "../modules/settings/service.ts";
import { type Contact, upsertContact } from "../modules/contacts/identity.ts";
import { findOrCreateTicket, latestTicket } from "../modules/tickets/service.ts";
import { loadTicket, type TicketDto, type TicketRow } from "../modules/tickets/dto.ts";
import { announceMove } from "../modules/tickets/moves.ts";
import { type DomainBus, MESSAGE_IN, MESSAGE_OUT } from "../events/domain.ts";
import type { Arrival, Decision, Gate, InboundHandler } from "./handlers.ts";
import { type MessageDto, type MessageRow, withQuoted } from "../modules/messages/dto.ts";
import { previewOf, previewText } from "../modules/messages/preview.ts";
import { type MediaStore, MEDIA_LIMITS, mediaKind } from "../media/store.ts";
import { log } from "../log.ts";
import { prepared } from "../tenancy/prepared.ts";
import { groupWriter } from "./group-writer.ts";
import { publishMessageUpdate } from "../modules/messages/events.ts";

export interface IngestDeps {
  hub: Hub;
  bus: DomainBus;
  media: MediaStore;
  /** What plugs into the pipeline, in order (server/server.ts registers them). */
  handlers: InboundHandler[];
  /** How long one media download may take. Default DEFAULT_MEDIA_TIMEOUT_MS. */
  mediaTimeoutMs?: number;
  /** A shutdown that cannot wait any longer: downloads still running give up. */
  stopping?: AbortSignal;
}

/**
 * Media are fetched inside the company's one-at-a-time lane: a stalled download must not
 * hold every later message of the company, so it gives up and keeps the message marked.
 */
export const DEFAULT_MEDIA_TIMEOUT_MS = 60_000;

export interface Ingested {
  message: MessageDto;
  duplicate: boolean;
  /** For a message stored now: its ticket as published, and whether it started or came back for it. */
  stored?: { ticket: TicketDto; fresh: boolean; decisions: Record<string, Decision> };
}

const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The reads and decisions for one message (run one message at a time per company); the
 * answer finishes the job: waits for the message's group commit, then publishes.
 * null: dropped by a rule (group messages while CheckMsgIsGroup is enabled).
 */
export async function prepareIngest(
  deps: IngestDeps,
  t: Tenant,
  whatsappId: number,
  msg: InboundMessage,
): Promise<() => Promise<Ingested | null>> {
  const writer = groupWriter(t.db);
  const dupId = writer.has(msg.wid) ? null : await idOf(t, whatsappId, msg.wid);
  if (dupId && msg.unsupported !== "ciphertext") {
    const resent = await replaceUndecrypted(deps, t, whatsappId, dupId, msg);
    if (resent) return () => Promise.resolve(resent);
  }
  if (dupId || writer.has(msg.wid)) return () => duplicateOf(t, whatsappId, msg.wid);
  const rules = await getSettings(t.db, ["CheckMsgIsGroup", "timeCreateNewTicket"]);
  if (msg.group && rules.CheckMsgIsGroup === "enabled") return () => Promise.resolve(null);

  if (await gate(deps.handlers, { tenant: t, whatsappId, msg })) return () => Promise.resolve(null);
  const { chat, author } = await contactsOf(deps.hub, t, whatsappId, msg);
  const window = Number(rules.timeCreateNewTicket);
  const latest = await latestTicket(t, chat.id, whatsappId);
  const decided = await decide(deps.handlers, { tenant: t, whatsappId, msg, chat, latest, reopenWindowSec: window });
  if (decided.dropped) return () => Promise.resolve(null);
  // A claimed message (a rating answer) stays in the ticket its handler names, quietly.
  const quiet = !!decided.claimed;
  const found = decided.claimed
    ? { ticket: decided.claimed, created: false, before: undefined }
    : await findOrCreateTicket(t, chat, whatsappId, window, { latest, chatbot: decided.held, queueId: decided.queueId });
  const media = msg.media ? await storeMedia(deps, t.companyId, msg) : null;
  const quotedMsgId = msg.quotedWid ? await idOf(t, whatsappId, msg.quotedWid) : null;
  const meta = await metaOf(t, whatsappId, msg);

  const values = {
    wid: msg.wid,
    ticketId: found.ticket.id,
    contactId: author.id,
    whatsappId,
    userId: null,
    queueId: found.ticket.queueId,
    body: msg.body,
    fromMe: msg.fromMe,
    read: msg.fromMe || quiet,
    ack: msg.fromMe ? 2 : 0,
    mediaType: msg.mediaType,
    mediaUrl: media?.url ?? null,
    mediaName: media?.fileName ?? null,
    mediaError: media?.error ?? null,
    transcript: null,
    transcriptTries: 0,
    remoteJid: msg.group?.jid ?? msg.peer.jid,
    participant: msg.group ? msg.peer.jid : null,
    quotedMsgId,
    isDeleted: false,
    isEdited: false,
    failed: false,
    failedCode: null,
    meta,
    dataJson: msg.raw ?? null,
    createdAt: new Date(msg.timestamp || Date.now()).toISOString(),
  };
  // The hottest write of the product: plain SQL, because building it with the query
  // builder costs several times what running it does.
  const written = writer.write(msg.wid, [
    t.db.all<[number, string]>(sql`INSERT INTO messages (wid, ticket_id, contact_id, whatsapp_id, queue_id, body,
      from_me, read, ack, media_type, media_url, media_name, media_error, remote_jid, participant, quoted_msg_id,
      meta, data_json, created_at) VALUES (${values.wid}, ${values.ticketId}, ${values.contactId}, ${whatsappId},
      ${values.queueId}, ${values.body}, ${values.fromMe ? 1 : 0}, ${values.read ? 1 : 0}, ${values.ack},
      ${values.mediaType}, ${values.mediaUrl}, ${values.mediaName}, ${values.mediaError}, ${values.remoteJid},
      ${values.participant}, ${quotedMsgId}, ${meta ? JSON.stringify(meta) : null}, ${values.dataJson},
      ${values.createdAt}) RETURNING id, updated_at`),
    t.db.run(sql`UPDATE tickets SET unread_messages = ${msg.fromMe ? sql`0` : quiet ? sql`unread_messages` : sql`unread_messages + 1`},
      last_message = ${previewText(t.language, previewOf(msg))}, from_me = ${msg.fromMe ? 1 : 0}, updated_at = ${nowSql}
      WHERE id = ${found.ticket.id}`),
  ]);
  // A failed write must not surface as an unhandled rejection before finish() awaits it.
  written.catch(() => {});

  return async () => {
    const [[inserted]] = await written as [[number, string][]];
    const row: MessageRow = { ...values, id: inserted[0], updatedAt: inserted[1] };
    const ticket = (await loadTicket(t.db, found.ticket.id))!;
    const [message] = await withQuoted(t.db, [row]);
    if (found.created) await announceMove(deps, t, null, ticket, null);
    else if (found.before) await announceMove(deps, t, { ...ticket, ...found.before }, ticket, null);
    await deps.bus.emit(msg.fromMe ? MESSAGE_OUT : MESSAGE_IN, { tenant: t, ticket, message });
    const fresh = found.created || !!found.before;
    return { message, duplicate: false, stored: { ticket, fresh, decisions: decided.decisions } };
  };
}

/** Each handler's gate, in order: true when one drops the message. */
async function gate(handlers: InboundHandler[], g: Gate) {
  for (const h of handlers) {
    const d = h.gate ? await h.gate(g) : undefined;
    if (d?.kind !== "drop") continue;
    log.info("inbound message dropped", { companyId: g.tenant.companyId, by: h.name, reason: d.reason });
    return true;
  }
  return false;
}

/** Each handler's decide phase, in order, until one claims, drops or routes the message. */
async function decide(handlers: InboundHandler[], a: Arrival) {
  const decisions: Record<string, Decision> = {};
  let held = false;
  const none = { claimed: undefined, queueId: undefined };
  for (const h of handlers) {
    const d = h.decide ? await h.decide(a) : undefined;
    if (!d) continue;
    decisions[h.name] = d;
    if (d.kind === "hold") {
      held = true;
      continue;
    }
    if (d.kind === "route") return { decisions, dropped: false, ...none, queueId: d.queueId, held: false };
    if (d.kind === "drop") {
      log.info("inbound message dropped", { companyId: a.tenant.companyId, by: h.name, reason: d.reason });
      return { decisions, dropped: true, ...none, held };
    }
    return { decisions, dropped: false, ...none, claimed: d.ticket as TicketRow, held };
  }
  return { decisions, dropped: false, ...none, held };
}

/** Structured extras by kind: where, which cards, which reaction, which unsupported kind. */
async function metaOf(t: Tenant, whatsappId: number, msg: InboundMessage) {
  const reaction = msg.reaction
    ? { targetId: await idOf(t, whatsappId, msg.reaction.targetWid), emoji: msg.reaction.emoji }
    : undefined;
  return msg.location || msg.vcards || reaction || msg.unsupported
    ? { location: msg.location, vcards: msg.vcards, reaction, unsupported: msg.unsupported }
    : null;
}

/**
 * A message stored as undecryptable arrives again, readable (WhatsApp resent it): the
 * marker row becomes the message. null when the stored row is not such a marker.
 */
async function replaceUndecrypted(
  deps: IngestDeps,
  t: Tenant,
  whatsappId: number,
  id: number,
  msg: InboundMessage,
): Promise<Ingested | null> {
  const [old] = await t.db.select().from(messages).where(eq(messages.id, id));
  const marker = old?.meta as { unsupported?: string } | null;
  if (!old || old.mediaType !== "unsupported" || marker?.unsupported !== "ciphertext") return null;
  const media = msg.media ? await storeMedia(deps, t.companyId, msg) : null;
  const [row] = await t.db.update(messages).set({
    body: msg.body,
    mediaType: msg.mediaType,
    mediaUrl: media?.url ?? null,
    mediaName: media?.fileName ?? null,
    mediaError: media?.error ?? null,
    quotedMsgId: msg.quotedWid ? await idOf(t, whatsappId, msg.quotedWid) : null,
    meta: await metaOf(t, whatsappId, msg),
    dataJson: msg.raw ?? null,
    updatedAt: nowSql,
  }).where(eq(messages.id, id)).returning();
  // The ticket's preview changes only if this is still its latest message.
  await t.db.run(sql`UPDATE tickets SET last_message = ${previewText(t.language, previewOf(msg))}
    WHERE id = ${row.ticketId} AND NOT EXISTS (SELECT 1 FROM messages WHERE ticket_id = ${row.ticketId} AND id > ${row.id})`);
  await publishMessageUpdate(deps.hub, t, row);
  return { message: (await withQuoted(t.db, [row]))[0], duplicate: true };
}

async function duplicateOf(t: Tenant, whatsappId: number, wid: string): Promise<Ingested> {
  // A redelivery racing its original within one group: wait until the original is stored.
  for (let i = 0; i < 100 && groupWriter(t.db).has(wid); i++) await new Promise((r) => setTimeout(r, 5));
  const dup = await t.db.select().from(messages).where(and(eq(messages.whatsappId, whatsappId), eq(messages.wid, wid)));
  return { message: (await withQuoted(t.db, dup))[0], duplicate: true };
}

/** The ticket's contact (the customer or the group) and the message's author. */
async function contactsOf(hub: Hub, t: Tenant, whatsappId: number, msg: InboundMessage) {
  const person = {
    number: msg.peer.number,
    lid: msg.peer.lid,
    // Our own messages typed on the phone carry our push name, not the customer's.
    pushName: msg.fromMe ? undefined : msg.peer.pushName,
    whatsappId,
    // A number WhatsApp itself addressed is the one it knows: sends need not check it.
    waJid: msg.peer.number ? userJid(msg.peer.number) : undefined,
  };
  if (!msg.group) {
    const c = await upsertContact(t, hub, person);
    return { chat: c, author: c };
  }
  const chat = await upsertContact(t, hub, {
    number: msg.group.jid.split("@")[0],
    pushName: msg.group.subject,
    isGroup: true,
    whatsappId,
  });
  const author: Contact = msg.fromMe || (!person.number && !person.lid) ? chat : await upsertContact(t, hub, person);
  return { chat, author };
}

async function idOf(t: Tenant, whatsappId: number, wid: string) {
  const stmt = prepared(t.db, "messageIdByWid", (db) =>
    db.select({ id: messages.id }).from(messages)
      .where(and(eq(messages.whatsappId, sql.placeholder("w")), eq(messages.wid, sql.placeholder("wid")))).prepare());
  const [m] = await stmt.all({ w: whatsappId, wid });
  return m?.id ?? null;
}

/**
 * A download bounded in time, and by a shutdown: on either the download is told to stop
 * (its signal) and the late answer, if any, is dropped.
 */
function bounded<T>(download: (signal: AbortSignal) => Promise<T>, ms: number, stopping?: AbortSignal): Promise<T> {
  const abort = new AbortController();
  const signal = stopping ? AbortSignal.any([abort.signal, stopping]) : abort.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onStop: (() => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`media download timed out after ${ms} ms`)), ms);
    onStop = () => reject(new Error("media download given up: shutting down"));
    if (stopping?.aborted) onStop();
    else stopping?.addEventListener("abort", onStop, { once: true });
  });
  const p = download(signal);
  p.catch(() => {}); // a download failing after the timeout is nobody's concern
  return Promise.race([p, timeout]).finally(() => {
    clearTimeout(timer);
    stopping?.removeEventListener("abort", onStop!);
    abort.abort();
  });
}

/** Downloads and stores; a failure or a timeout keeps the message with a marker instead of losing it. */
async function storeMedia(deps: IngestDeps, companyId: number, msg: InboundMessage) {
  const m = msg.media!;
  const sticker = msg.mediaType === "sticker";
  const limit = MEDIA_LIMITS[mediaKind(m.mimetype, { sticker })];
  try {
    if (m.size && m.size > limit) throw new Error(`declared size ${m.size} over ${limit}`);
    const data = await bounded((signal) => m.download(signal), deps.mediaTimeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS, deps.stopping);
    const saved = await deps.media.save(companyId, { data, mimetype: m.mimetype, fileName: m.fileName, sticker });
    return { url: saved.url, fileName: saved.fileName, error: null };
  } catch (err) {
    log.warn("media download failed", { companyId, wid: msg.wid, error: err instanceof Error ? err.message : String(err) });
    return { url: null, fileName: m.fileName ?? null, error: "ERR_WAPP_DOWNLOAD_MEDIA" };
  }
}
