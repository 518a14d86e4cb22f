// The message as the client sees it: no raw provider payload, the quoted message inlined.
import { inArray } from "drizzle-orm";
import type { TenantDb } from "../../tenancy/registry.ts";
import { contacts, messages } from "../../../db/tenant/schema.ts";

export type MessageRow = typeof messages.$inferSelect;
export interface QuotedBrief {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  contact: { name: string } | null;
}
export type MessageDto = Omit<MessageRow, "dataJson" | "transcriptTries"> & {
  quotedMsg: QuotedBrief | null;
};

export function toMessageDto(row: MessageRow, quoted: QuotedBrief | null = null): MessageDto {
  const { dataJson: _raw, transcriptTries: _tries, ...rest } = row;
  return { ...rest, quotedMsg: quoted };
}

/** Rows to DTOs with their quoted messages, in two queries for a whole page. */
export async function withQuoted(db: TenantDb, rows: MessageRow[]): Promise<MessageDto[]> {
  const ids = [...new Set(rows.map((r) => r.quotedMsgId).filter((x): x is number => x !== null))];
  if (!ids.length) return rows.map((r) => toMessageDto(r));
  const quoted = await db.select({
    id: messages.id,
    body: messages.body,
    fromMe: messages.fromMe,
    mediaType: messages.mediaType,
    contactId: messages.contactId,
  }).from(messages).where(inArray(messages.id, ids));
  const cIds = [...new Set(quoted.map((q) => q.contactId).filter((x): x is number => x !== null))];
  const names = cIds.length
    ? await db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(inArray(contacts.id, cIds))
    : [];
  const brief = new Map(quoted.map((q) => [q.id, {
    id: q.id,
    body: q.body,
    fromMe: q.fromMe,
    mediaType: q.mediaType,
    contact: names.find((n) => n.id === q.contactId) ?? null,
  }]));
  return rows.map((r) => toMessageDto(r, r.quotedMsgId ? brief.get(r.quotedMsgId) ?? null : null));
}

