// The ticket list's query (seed 000 section 7) and the SQL conditions it turns into.
import { and, gt, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { contactMatch, wordsMatch } from "../../http/search.ts";
import { likePrefix } from "../../http/paging.ts";
import { dayBounds } from "../settings/timezone.ts";
import { contacts, messages, ticketTags, tickets } from "../../../db/tenant/schema.ts";

/** "[1,2]" (what the web client sends) or "1,2". */
const idList = z.string().max(2000).transform((s, ctx) => {
  const parts = s.replace(/^\[|\]$/g, "").split(",").map((p) => p.trim().replace(/^"|"$/g, "")).filter(Boolean);
  if (parts.some((p) => !/^\d{1,9}$/.test(p))) {
    ctx.addIssue({ code: "custom", message: "a list of ids" });
    return z.NEVER;
  }
  return parts.map(Number);
});

export const listQuery = z.object({
  status: z.enum(["open", "pending", "closed"]).optional(),
  showAll: z.enum(["true", "false"]).optional(),
  searchParam: z.string().max(100).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
  queueIds: idList.optional(),
  /** Tickets carrying any of these tags. */
  tags: idList.optional(),
  users: idList.optional(),
  withUnreadMessages: z.enum(["true", "false"]).optional(),
  /** Created on this day (company time zone). */
  date: z.iso.date().optional(),
  /** Last activity on this day (company time zone). */
  updatedAt: z.iso.date().optional(),
  /**
   * "true": the tickets a bot holds (Ticket.chatbot), admins' and supervisors' list;
   * "false": none of them. Unset: the waiting list leaves them out (they are nobody's yet).
   */
  chatbot: z.enum(["true", "false"]).optional(),
});
export type ListQuery = z.infer<typeof listQuery> & {
  /** Open and pending only (the kanban board: a closed ticket is off the board). */
  activeOnly?: boolean;
};

/** The conditions of the filters the caller chose (visibility is added by the service). */
export function filterWhere(q: ListQuery, timeZone: string): SQL | undefined {
  return and(
    q.status ? sql`${tickets.status} = ${q.status}` : undefined,
    botWhere(q),
    q.activeOnly && !q.status ? inArray(tickets.status, ["open", "pending"]) : undefined,
    searchWhere(q.searchParam),
    q.queueIds?.length ? inArray(tickets.queueId, q.queueIds) : undefined,
    q.users?.length ? inArray(tickets.userId, q.users) : undefined,
    q.tags?.length
      ? sql`${tickets.id} IN (SELECT ${ticketTags.ticketId} FROM ${ticketTags} WHERE ${inArray(ticketTags.tagId, q.tags)})`
      : undefined,
    q.withUnreadMessages === "true" ? gt(tickets.unreadMessages, 0) : undefined,
    q.date ? within(tickets.createdAt, q.date, timeZone) : undefined,
    q.updatedAt ? within(tickets.updatedAt, q.updatedAt, timeZone) : undefined,
  );
}

function botWhere(q: ListQuery): SQL | undefined {
  if (q.chatbot === "true") return sql`${tickets.chatbot} = 1`;
  if (q.chatbot === "false" || q.status === "pending") return sql`${tickets.chatbot} = 0`;
}

/**
 * searchParam: any part of the contact's name or number, or words of any message of the
 * ticket (each typed word starts a word of the message). From 3 characters; shorter text
 * matches the start of the contact's name or number only (a 1-2 character substring
 * would match most of the table).
 */
function searchWhere(text: string): SQL | undefined {
  const term = text.trim();
  if (!term) return undefined;
  const who = contactMatch(term, ["name", "number"]);
  const said = wordsMatch(term);
  if (!who) {
    const prefix = likePrefix(term);
    return sql`${tickets.contactId} IN (SELECT id FROM ${contacts} WHERE lower(${contacts.name}) LIKE ${prefix} ESCAPE '\\'
      OR ${contacts.number} LIKE ${prefix} ESCAPE '\\')`;
  }
  return or(
    sql`${tickets.contactId} IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ${who})`,
    said
      ? sql`${tickets.id} IN (SELECT ${messages.ticketId} FROM ${messages} WHERE ${messages.id} IN
      (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ${said}))`
      : undefined,
  );
}

function within(column: typeof tickets.createdAt | typeof tickets.updatedAt, day: string, timeZone: string) {
  const { start, end } = dayBounds(day, timeZone);
  return and(gte(column, start), lt(column, end));
}
