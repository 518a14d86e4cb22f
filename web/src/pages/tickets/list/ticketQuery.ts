/**
 * What a ticket list asks the server for (GET /tickets). The manager's choices (show all,
 * queues, search text, tags, users) become one ListFilter per list.
 */
import type { TicketQuery, TicketStatus } from "../../../api/tickets.ts";

export interface ListFilter {
  /** null: every status (the search tab). */
  status: TicketStatus | null;
  showAll: boolean;
  /** Empty: no queue filter. */
  queueIds: number[];
  searchParam: string;
  tags: number[];
  users: number[];
  /** The Bot list: the waiting tickets a bot still holds (Ticket.chatbot). */
  chatbot?: boolean;
}

/** The manager's choices shared by every list. */
export interface BaseFilter {
  showAll: boolean;
  queueIds: number[];
}

export function statusFilter(status: TicketStatus, base: BaseFilter): ListFilter {
  return {
    status,
    showAll: base.showAll,
    queueIds: base.queueIds,
    searchParam: "",
    tags: [],
    users: [],
  };
}

/** The Bot list (admins and supervisors): every ticket a bot holds, in the queues chosen. */
export function botFilter(base: BaseFilter): ListFilter {
  return { ...statusFilter("pending", base), showAll: true, chatbot: true };
}

export interface SearchChoices {
  text: string;
  tags: number[];
  users: number[];
}

/**
 * The search tab: every status, the text, tags and (admins only) users. It asks for every
 * ticket; the server narrows that to what the caller may see (admins, allTicket users).
 */
export function searchFilter(
  base: BaseFilter,
  choices: SearchChoices,
  isAdmin: boolean,
): ListFilter {
  return {
    status: null,
    showAll: true,
    queueIds: base.queueIds,
    searchParam: choices.text.trim(),
    tags: choices.tags,
    users: isAdmin ? choices.users : [],
  };
}

export function ticketQuery(filter: ListFilter, pageNumber: number): TicketQuery {
  return {
    status: filter.status ?? undefined,
    showAll: filter.showAll,
    searchParam: filter.searchParam || undefined,
    pageNumber,
    queueIds: filter.queueIds.length ? filter.queueIds : undefined,
    tags: filter.tags.length ? filter.tags : undefined,
    users: filter.users.length ? filter.users : undefined,
    ...(filter.chatbot ? { chatbot: true } : {}),
  };
}

/** Equal for filters that ask the same question (id order does not matter). */
export function filterKey(filter: ListFilter): string {
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join(",");
  return [
    filter.status ?? "*",
    filter.showAll ? "all" : "mine",
    sorted(filter.queueIds),
    sorted(filter.tags),
    sorted(filter.users),
    filter.searchParam,
    filter.chatbot ? "bot" : "",
  ].join("|");
}

/** A badge's question: the first page's `count` of a status list (never more pages). */
export function countQuery(status: TicketStatus, base: BaseFilter): TicketQuery {
  return ticketQuery(statusFilter(status, base), 1);
}

/** Ids chosen in a multi-select (string keys) as numbers. */
export function idsOf(keys: readonly string[]): number[] {
  return keys.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}
