// Messages of a ticket: the paged history, sending (text and media) and deleting.
// Outbound messages are stored before they go out, under the id they will carry, so
// WhatsApp's echo of our own send is recognised and never stored twice.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { recordId, noneable } from "../../http/validate.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { pageOf, pageWindow } from "../../http/paging.ts";
import { prepared, updateById } from "../../tenancy/prepared.ts";
import { messages, tickets, users } from "../../../db/tenant/schema.ts";
import { type ChannelSession, newWid, type SentMessage } from "../../channels/channel.ts";
import { contactJid, sendAddress } from "../contacts/identity.ts";
import { getTicket, type TicketCtx } from "../tickets/service.ts";
import { loadTicket, type TicketDto } from "../tickets/dto.ts";
import { publishTicket, publishUnread } from "../tickets/events.ts";
import { type DomainBus, MESSAGE_OUT } from "../../events/domain.ts";
import { type MessageDto, withQuoted } from "./dto.ts";
import { previewText } from "./preview.ts";
import { type MediaStore, mediaKind, type Upload } from "../../media/store.ts";
import { publishMessageUpdate } from "./events.ts";
import { errorFields, log } from "../../log.ts";
import type { Outbound } from "./outbound.ts";
import { quickMedia } from "../quickmessages/service.ts";
import type { NumberChecks } from "../contacts/checks.ts";

export const MESSAGES_PAGE = 30;
const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** How the messages area reaches a connection's live session. */
export interface Sessions {
  /** The session when it is CONNECTED; ERR_WAPP_NOT_INITIALIZED otherwise. */
  connected(companyId: number, whatsappId: number | null): ChannelSession;
}

export interface MessageCtx extends TicketCtx {
  sessions: Sessions;
  media: MediaStore;
}

/** The desk's doors: the actor's ticket context and the company's outbound door. */
export interface DeskCtx extends TicketCtx {
  sessions: Sessions;
  outbound: Outbound;
  media: MediaStore;
}

export async function listMessages(ctx: MessageCtx, ticketId: number, pageNumber: number) {
  const ticket = await getTicket(ctx, ticketId);
  const { limit, offset } = pageWindow(pageNumber, MESSAGES_PAGE);
  const rows = await ctx.tenant.db.select().from(messages).where(eq(messages.ticketId, ticketId))
    .orderBy(desc(messages.id)).limit(limit).offset(offset);
  const page = pageOf(rows, MESSAGES_PAGE);
  // Only the ticket's attendant reads it: an admin's peek leaves it unread for him.
  if (pageNumber === 1 && ticket.userId === ctx.actor.userId) await markRead(ctx, ticket);
  return { messages: await withQuoted(ctx.tenant.db, page.rows.reverse()), ticket, hasMore: page.hasMore };
}

/** Opening one's ticket reads it: here (unread 0, rows read) and on WhatsApp (blue ticks). */
async function markRead(ctx: MessageCtx, ticket: TicketDto) {
  const unread = await ctx.tenant.db.select({ wid: messages.wid, participant: messages.participant, remoteJid: messages.remoteJid })
    .from(messages).where(and(eq(messages.ticketId, ticket.id), eq(messages.read, false))).limit(100);
  if (!unread.length && ticket.unreadMessages === 0) return;
  await ctx.tenant.db.batch([
    ctx.tenant.db.update(messages).set({ read: true }).where(and(eq(messages.ticketId, ticket.id), eq(messages.read, false))),
    ctx.tenant.db.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticket.id)),
  ]);
  ticket.unreadMessages = 0;
  publishUnread(ctx.hub, ctx.tenant.companyId, ticket);
  try {
    const session = ctx.sessions.connected(ctx.tenant.companyId, ticket.whatsappId);
    // Receipts go to the address each message came from (a lid, a number, a group):
    // WhatsApp matches them by that chat, not by the contact.
    const byChat = Map.groupBy(unread, (u) => u.remoteJid || contactJid(ticket.contact));
    for (const [chat, rows] of byChat) {
      await session.markRead(chat, rows.map((u) => ({ wid: u.wid, fromMe: false, participant: u.participant ?? undefined })));
    }
  } catch { /* read receipts are best effort: the session may be offline */ }
}

export const sendText = z.object({
  body: z.string().trim().min(1).max(4096),
  // The spec's client sends the quoted message itself (or null); an id works too.
  quotedMsg: noneable(z.preprocess(
    (v) => typeof v === "object" && v !== null && "id" in v ? v.id : v,
    recordId,
  )),
  // The spec's client signs the text itself ("*Name:*"): the server signs only when asked.
  sign: z.boolean().optional().default(false),
  /** The quick answer the text came from: its attachment goes with the text. */
  quickMessageId: noneable(recordId),
});

export interface Outgoing {
  body: string;
  quotedMsgId?: number;
  files?: Upload[];
  userId?: number | null;
  /** A bot's turn: the ticket's preview and unread count stay the customer's (what the desk shows of it). */
  keepPreview?: boolean;
  /** An audio file goes as a voice note. */
  ptt?: boolean;
  /** Shows the contact we are typing for this long before a text goes (a flow's pace; 0: at once). */
  typingMs?: number;
}

/** The desk's send: only on an open ticket the actor may see. */
export async function sendFromDesk(
  ctx: DeskCtx,
  ticketId: number,
  input: Outgoing & { sign: boolean; quickMessageId?: number | null },
) {
  const ticket = await getTicket(ctx, ticketId);
  if (ticket.status !== "open") throw new AppError("ERR_TICKET_NOT_OPEN", 409, "accept the ticket to answer it");
  const { quickMessageId, ...out } = input;
  const attached = quickMessageId ? await quickMedia(ctx, quickMessageId) : null;
  if (attached) out.files = [...(out.files ?? []), attached];
  let prefix: string | undefined;
  if (input.sign) {
    const [u] = await ctx.tenant.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId));
    if (u) prefix = `*${u.name}*:\n`;
  }
  return await ctx.outbound.toTicket(ctx.tenant, ticket, { ...out, prefix, userId: ctx.actor.userId });
}

/**
 * The sending mechanism behind the outbound door (modules/messages/outbound.ts), which
 * everything but the door itself uses. Stores then sends each item (one text, or one message per file with the body as the
 * first caption). A failed send removes its row and answers ERR_SENDING_WAPP_MSG.
 */
export type SendCtx = Omit<MessageCtx, "actor"> & { bus: DomainBus; checks: NumberChecks };

export async function deliver(
  ctx: SendCtx,
  ticket: TicketDto,
  out: Outgoing,
): Promise<MessageDto[]> {
  const session = ctx.sessions.connected(ctx.tenant.companyId, ticket.whatsappId);
  // A send from a person (or for one): a check it needs counts against the connection, uncapped.
  const to = await sendAddress(ctx.tenant, ticket.contact, (n) => ctx.checks.forRequest(ctx.tenant, ticket.whatsappId ?? 0, session, n, { bulk: false }));
  const quoted = out.quotedMsgId ? await quotedWid(ctx.tenant, ticket.id, out.quotedMsgId) : undefined;
  if (out.typingMs && !out.files?.length) await typing(session, to, out.typingMs);
  const stored = [];
  const files = out.files ?? [];
  // Media are checked and written before anything is sent: a bad second file sends nothing.
  const saved = [];
  for (const f of files) saved.push(f.stored ?? await ctx.media.save(ctx.tenant.companyId, f));
  const items = saved.length
    ? saved.map((m, i) => ({ body: i === 0 ? out.body : "", media: m, file: files[i] }))
    : [{ body: out.body, media: null, file: null }];
  for (const item of items) {
    const wid = newWid();
    const [row] = await insertOutgoing(ctx.tenant).all({
      wid,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      userId: out.userId ?? null,
      queueId: ticket.queueId,
      body: item.body,
      mediaType: item.media ? mediaKind(item.media.mimetype) : "chat",
      mediaUrl: item.media?.url ?? null,
      mediaName: item.media?.fileName ?? null,
      remoteJid: to,
      quotedMsgId: quoted?.id ?? null,
    });
    let sent: SentMessage;
    try {
      const opts = { wid, quotedWid: quoted?.wid };
      sent = item.media && item.file
        ? await session.sendMedia(to, { data: item.file.data, mimetype: item.media.mimetype, fileName: item.media.fileName, caption: item.body || undefined, ptt: out.ptt }, opts)
        : await session.sendText(to, item.body, opts);
    } catch (err) {
      await ctx.tenant.db.delete(messages).where(eq(messages.id, row.id));
      log.warn("send failed", { companyId: ctx.tenant.companyId, ticketId: ticket.id, ...errorFields(err) });
      throw new AppError("ERR_SENDING_WAPP_MSG", 502, "sending failed");
    }
    const [done] = await markSent(ctx.tenant).all({ id: row.id, wid: sent.wid, dataJson: sent.raw ?? null });
    stored.push(done);
  }
  return await afterSend(ctx, ticket, stored, out.keepPreview);
}

/** "typing…" on the customer's phone for a while: best effort, a session that cannot show it still sends. */
async function typing(session: ChannelSession, to: string, ms: number) {
  try {
    await session.presence(to, "composing");
  } catch { /* presence is a courtesy */ }
  await new Promise((r) => setTimeout(r, ms));
}

// Every send writes these two statements: built once per database (tenancy/prepared.ts).
// The values are strings, numbers and nulls, bound as they are.
const placeholders = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(k)}`])) as Record<K, SQL>;

const insertOutgoing = (t: Tenant) =>
  prepared(t.db, "insertOutgoing", (db) =>
    db.insert(messages).values({
      ...placeholders("wid", "ticketId", "contactId", "whatsappId", "userId", "queueId", "body", "mediaType", "mediaUrl", "mediaName"),
      ...placeholders("remoteJid", "quotedMsgId"),
      fromMe: true,
      read: true,
      ack: 0,
    }).returning().prepare());

const markSent = (t: Tenant) =>
  prepared(t.db, "markSent", (db) =>
    db.update(messages)
      .set({ ack: sql`max(${messages.ack}, 1)`, ...placeholders("wid", "dataJson"), updatedAt: nowSql })
      .where(eq(messages.id, sql.placeholder("id"))).returning().prepare());

async function afterSend(ctx: SendCtx, ticket: TicketDto, rows: (typeof messages.$inferSelect)[], keepPreview = false) {
  const last = rows[rows.length - 1];
  if (keepPreview) await updateById(ctx.tenant.db, tickets, "afterBotSend", ticket.id, { updatedAt: new Date().toISOString() });
  else await updateById(ctx.tenant.db, tickets, "afterSend", ticket.id, {
    lastMessage: previewText(ctx.tenant.language, {
      body: last.body,
      mediaType: last.mediaType,
      hasMedia: last.mediaUrl !== null,
      fileName: last.mediaName,
    }),
    fromMe: true,
    unreadMessages: 0,
    updatedAt: new Date().toISOString(),
  });
  const fresh = (await loadTicket(ctx.tenant.db, ticket.id))!;
  const dtos = await withQuoted(ctx.tenant.db, rows);
  for (const message of dtos) await ctx.bus.emit(MESSAGE_OUT, { tenant: ctx.tenant, ticket: fresh, message });
  publishTicket(ctx.hub, ctx.tenant.companyId, fresh);
  return dtos;
}

async function quotedWid(t: Tenant, ticketId: number, id: number) {
  const [q] = await t.db.select({ id: messages.id, wid: messages.wid }).from(messages)
    .where(and(eq(messages.id, id), eq(messages.ticketId, ticketId)));
  if (!q) throw notFound("ERR_NO_MESSAGE_FOUND");
  return q;
}

/** Revokes one of our own messages for everyone and keeps it marked deleted. */
export async function deleteMessage(ctx: MessageCtx, id: number) {
  const [row] = await ctx.tenant.db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw notFound("ERR_NO_MESSAGE_FOUND");
  const ticket = await getTicket(ctx, row.ticketId);
  if (!row.fromMe || row.isDeleted) throw new AppError("ERR_DELETE_WAPP_MSG", 400, "only our own messages can be deleted");
  const session = ctx.sessions.connected(ctx.tenant.companyId, ticket.whatsappId);
  try {
    // The chat the message went to, which may not be the contact's address today.
    await session.deleteMessage(row.remoteJid || contactJid(ticket.contact), row.wid, true);
  } catch (err) {
    log.warn("delete failed", { companyId: ctx.tenant.companyId, id, ...errorFields(err) });
    throw new AppError("ERR_DELETE_WAPP_MSG", 502, "deleting the message failed");
  }
  const [done] = await ctx.tenant.db.update(messages).set({ isDeleted: true, updatedAt: nowSql })
    .where(eq(messages.id, id)).returning();
  await publishMessageUpdate(ctx.hub, ctx.tenant, done);
  return (await withQuoted(ctx.tenant.db, [done]))[0];
}
