/** Tags on tickets (docs/api.md "Tags"). */
import { request } from "./client.ts";
import type { Ticket, TicketTag } from "./tickets.ts";

export interface Tag extends TicketTag {
  kanban: 0 | 1;
}

export const tags = {
  list: () => request<Tag[]>("/tags/list"),
  create: (input: { name: string; color?: string; kanban?: 0 | 1 }) =>
    request<Tag>("/tags", { method: "POST", body: input }),
  /** The ticket's tags become exactly these. */
  sync: (ticketId: number, tagIds: number[]) =>
    request<Ticket>("/tags/sync", { method: "POST", body: { ticketId, tags: tagIds.map((id) => ({ id })) } }),
};
