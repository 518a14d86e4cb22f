/** Tags on tickets and the kanban board (docs/api.md "Tags and kanban"). */
import { request } from "./client.ts";
import { idList, type Ticket, type TicketPage, type TicketTag } from "./tickets.ts";

export interface Tag extends TicketTag {
  kanban: 0 | 1;
}

/** A row of the tags page. */
export interface TagRecord extends Tag {
  order: number;
  userId: number | null;
  ticketsCount: number;
}

export interface TagInput {
  name: string;
  color?: string;
  kanban?: 0 | 1;
  order?: number;
}

export const tags = {
  list: () => request<Tag[]>("/tags/list"),
  /** The tags page: by name, 20 a page, with how many tickets carry each. */
  page: (query: { searchParam?: string; pageNumber?: number }) =>
    request<{ tags: TagRecord[]; hasMore: boolean }>("/tags", {
      query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1 },
    }),
  get: (id: number) => request<TagRecord>(`/tags/${id}`),
  create: (input: TagInput) => request<TagRecord>("/tags", { method: "POST", body: input }),
  update: (id: number, input: Partial<TagInput>) =>
    request<TagRecord>(`/tags/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/tags/${id}`, { method: "DELETE" }),
  /** The ticket's tags become exactly these. */
  sync: (ticketId: number, tagIds: number[]) =>
    request<Ticket>("/tags/sync", {
      method: "POST",
      body: { ticketId, tags: tagIds.map((id) => ({ id })) },
    }),
};

/** The kanban board (plan flag useKanban; refused with ERR_PLAN_FEATURE_DISABLED without it). */
export const kanban = {
  /** The lanes: tags flagged kanban, by order then name. */
  lanes: () => request<{ lista: Tag[] }>("/tags/kanban"),
  tickets: (query: { queueIds?: number[]; showAll?: boolean; pageNumber?: number }) =>
    request<TicketPage>("/ticket/kanban", {
      query: {
        queueIds: idList(query.queueIds),
        showAll: query.showAll === undefined ? undefined : String(query.showAll),
        pageNumber: query.pageNumber ?? 1,
      },
    }),
  /** First half of a move: the ticket leaves its kanban lanes (its other tags stay). */
  leaveLanes: (ticketId: number) =>
    request<Ticket>(`/ticket-tags/${ticketId}`, { method: "DELETE" }),
  /** Second half of a move: the ticket gets the lane's tag. */
  enterLane: (ticketId: number, tagId: number) =>
    request<Ticket>(`/ticket-tags/${ticketId}/${tagId}`, { method: "PUT" }),
};
