// The internal chat (seed 002): colleagues' conversations with titles and members. Only
// members see a chat and its messages; only its owner edits or deletes it. Each member
// keeps an unread count, raised by the others' messages and reset when he reads. Events go
// to the members' user rooms only, so no one else's browser ever receives them.
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Actor } from "../../http/context.ts";
import type { Hub } from "../../realtime/hub.ts";
import { noPermission, notFound, validation } from "../../http/errors.ts";
import { pageOf, pageQuery, pageWindow } from "../../http/paging.ts";
import { users } from "../../../db/tenant/schema.ts";
import { chatMessages, chats, chatUsers } from "../../../db/tenant/chat.ts";
import { companyEvent, userRoom } from "../../../contracts/realtime.ts";
import { recordId } from "../../http/validate.ts";

export interface ChatCtx {
  tenant: Tenant;
  actor: Actor;
  hub: Hub;
}

const CHATS_PAGE = 30;
const MESSAGES_PAGE = 20;
const MAX_MEMBERS = 500;

// The spec's client sends its picked users as objects ({ id, name }); integrators may send ids.
const memberRef = z.union([recordId, z.object({ id: recordId }).passthrough()])
  .transform((u) => typeof u === "number" ? u : u.id);

export const chatInput = z.object({
  title: z.string().trim().min(1, "Por favor, preencha o título da conversa.").max(100),
  users: z.array(memberRef).max(MAX_MEMBERS),
});
export const chatUpdate = chatInput.partial();
export const chatPageQuery = pageQuery.pick({ pageNumber: true });
export const messageInput = z.object({ message: z.string().trim().min(1).max(4096) });

type ChatRow = typeof chats.$inferSelect;

export interface ChatMember {
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}
export interface ChatRecord extends ChatRow {
  users: ChatMember[];
}
export interface ChatMessageRecord {
  id: number;
  chatId: number;
  message: string;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  createdAt: string;
}

/** The caller's chats, the latest activity first. */
export async function pageChats(ctx: ChatCtx, q: z.infer<typeof chatPageQuery>) {
  const { limit, offset } = pageWindow(q.pageNumber, CHATS_PAGE);
  const rows = await ctx.tenant.db.select({ chat: chats }).from(chatUsers)
    .innerJoin(chats, eq(chats.id, chatUsers.chatId))
    .where(eq(chatUsers.userId, ctx.actor.userId))
    .orderBy(desc(chats.updatedAt), desc(chats.id)).limit(limit).offset(offset);
  const page = pageOf(rows.map((r) => r.chat), CHATS_PAGE);
  return { records: await withMembers(ctx.tenant, page.rows), hasMore: page.hasMore };
}

/** What the top bar shows: the caller's unread messages over all his chats. */
export async function unreadTotal(ctx: ChatCtx) {
  const [row] = await ctx.tenant.db.select({ total: sql<number>`coalesce(sum(${chatUsers.unreads}), 0)` })
    .from(chatUsers).where(eq(chatUsers.userId, ctx.actor.userId));
  return { unreads: Number(row?.total ?? 0) };
}

/** By id or by the uuid of its page address; a chat the caller is not in does not exist for him. */
export async function getChat(ctx: ChatCtx, ref: string | number): Promise<ChatRecord> {
  const byRef = typeof ref === "number" || /^\d+$/.test(ref) ? eq(chats.id, Number(ref)) : eq(chats.uuid, ref);
  const [row] = await ctx.tenant.db.select({ chat: chats }).from(chats)
    .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, ctx.actor.userId)))
    .where(byRef).limit(1);
  if (!row) throw notFound("ERR_NO_CHAT_FOUND");
  const [record] = await withMembers(ctx.tenant, [row.chat]);
  return record;
}

export async function createChat(ctx: ChatCtx, input: z.infer<typeof chatInput>): Promise<ChatRecord> {
  const members = await memberIds(ctx, input.users);
  const uuid = crypto.randomUUID();
  // One batch, so a chat never exists without its members: they find it by its new uuid.
  const [[chat]] = await ctx.tenant.db.batch([
    ctx.tenant.db.insert(chats).values({ uuid, title: input.title, ownerId: ctx.actor.userId }).returning(),
    ...members.map((userId) =>
      ctx.tenant.db.insert(chatUsers).select(
        ctx.tenant.db.select({ chatId: chats.id, userId: sql<number>`${userId}`.as("user_id"), unreads: sql<number>`0`.as("unreads") })
          .from(chats).where(eq(chats.uuid, uuid)),
      )
    ),
  ]);
  const record = await getChat(ctx, chat.id);
  publish(ctx, members, { action: "create", chat: record });
  return record;
}

export async function updateChat(ctx: ChatCtx, id: number, input: z.infer<typeof chatUpdate>): Promise<ChatRecord> {
  const current = await owned(ctx, id);
  const before = current.users.map((u) => u.userId);
  const after = input.users ? await memberIds(ctx, input.users) : before;
  const gone = before.filter((u) => !after.includes(u));
  const added = after.filter((u) => !before.includes(u));
  await ctx.tenant.db.batch([
    ctx.tenant.db.update(chats).set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      updatedAt: new Date().toISOString(),
    }).where(eq(chats.id, id)),
    ...(gone.length ? [ctx.tenant.db.delete(chatUsers).where(and(eq(chatUsers.chatId, id), inArray(chatUsers.userId, gone)))] : []),
    ...(added.length ? [ctx.tenant.db.insert(chatUsers).values(added.map((userId) => ({ chatId: id, userId })))] : []),
  ]);
  const record = await getChat(ctx, id);
  publish(ctx, after, { action: "update", chat: record });
  if (gone.length) publish(ctx, gone, { action: "delete", id });
  return record;
}

export async function deleteChat(ctx: ChatCtx, id: number): Promise<void> {
  const current = await owned(ctx, id);
  await ctx.tenant.db.delete(chats).where(eq(chats.id, id));
  publish(ctx, current.users.map((u) => u.userId), { action: "delete", id });
}

/** A page of a chat's messages, newest page first, each page in reading order (oldest first). */
export async function pageMessages(ctx: ChatCtx, id: number, q: z.infer<typeof chatPageQuery>) {
  await getChat(ctx, id);
  const { limit, offset } = pageWindow(q.pageNumber, MESSAGES_PAGE);
  const rows = await ctx.tenant.db.select({ m: chatMessages, name: users.name }).from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(eq(chatMessages.chatId, id))
    .orderBy(desc(chatMessages.id)).limit(limit).offset(offset);
  const [{ count }] = await ctx.tenant.db.select({ count: sql<number>`count(*)` }).from(chatMessages)
    .where(eq(chatMessages.chatId, id));
  const page = pageOf(rows, MESSAGES_PAGE);
  return { records: page.rows.map((r) => messageRecord(r.m, r.name)).reverse(), count, hasMore: page.hasMore };
}

/** Stores the message, raises every other member's unread count and tells the members. */
export async function sendMessage(ctx: ChatCtx, id: number, input: z.infer<typeof messageInput>) {
  await getChat(ctx, id);
  const sender = ctx.actor.userId;
  const [[message]] = await ctx.tenant.db.batch([
    ctx.tenant.db.insert(chatMessages).values({ chatId: id, senderId: sender, message: input.message }).returning(),
    ctx.tenant.db.update(chats).set({ lastMessage: input.message, updatedAt: new Date().toISOString() })
      .where(eq(chats.id, id)),
    ctx.tenant.db.update(chatUsers).set({ unreads: sql`${chatUsers.unreads} + 1` })
      .where(and(eq(chatUsers.chatId, id), ne(chatUsers.userId, sender))),
  ]);
  const [me] = await ctx.tenant.db.select({ name: users.name }).from(users).where(eq(users.id, sender));
  const record = messageRecord(message, me?.name ?? null);
  const chat = await getChat(ctx, id);
  publish(ctx, chat.users.map((u) => u.userId), { action: "new-message", chat, newMessage: record });
  return record;
}

/** The caller has read the chat: his unread count goes back to zero. */
export async function markRead(ctx: ChatCtx, id: number): Promise<ChatRecord> {
  await getChat(ctx, id);
  await ctx.tenant.db.update(chatUsers).set({ unreads: 0 })
    .where(and(eq(chatUsers.chatId, id), eq(chatUsers.userId, ctx.actor.userId)));
  const chat = await getChat(ctx, id);
  publish(ctx, [ctx.actor.userId], { action: "update", chat });
  return chat;
}

async function owned(ctx: ChatCtx, id: number): Promise<ChatRecord> {
  const chat = await getChat(ctx, id);
  if (chat.ownerId !== ctx.actor.userId) throw noPermission();
  return chat;
}

/** The members asked for, known users of the company, plus the caller; at least one other. */
async function memberIds(ctx: ChatCtx, asked: number[]): Promise<number[]> {
  const others = [...new Set(asked)].filter((u) => u !== ctx.actor.userId);
  if (others.length === 0) throw validation("users", "choose at least one user");
  const known = await ctx.tenant.db.select({ id: users.id }).from(users).where(inArray(users.id, others));
  if (known.length !== others.length) throw validation("users", "unknown user");
  return [ctx.actor.userId, ...others];
}

async function withMembers(t: Tenant, rows: ChatRow[]): Promise<ChatRecord[]> {
  if (rows.length === 0) return [];
  const members = await t.db.select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers).innerJoin(users, eq(users.id, chatUsers.userId))
    .where(inArray(chatUsers.chatId, rows.map((r) => r.id))).orderBy(asc(users.name), asc(users.id));
  return rows.map((chat) => ({
    ...chat,
    users: members.filter((m) => m.chatId === chat.id)
      .map((m) => ({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: m.name } })),
  }));
}

function messageRecord(m: typeof chatMessages.$inferSelect, name: string | null): ChatMessageRecord {
  return {
    id: m.id,
    chatId: m.chatId,
    message: m.message,
    senderId: m.senderId,
    sender: m.senderId === null ? null : { id: m.senderId, name: name ?? "" },
    createdAt: m.createdAt,
  };
}

function publish(ctx: ChatCtx, members: number[], data: Record<string, unknown>) {
  const c = ctx.tenant.companyId;
  if (members.length) ctx.hub.publish(c, companyEvent(c, "chat"), data, members.map(userRoom));
}
