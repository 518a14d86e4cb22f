/** Whose ticket the composer answers in, when it is not the signed-in user's. */
import type { Ticket } from "../../../api/tickets.ts";

/** The colleague the ticket belongs to; null for one's own or nobody's. */
export function colleagueOf(
  ticket: Pick<Ticket, "userId" | "user">,
  userId: number | null | undefined,
): { id: number; name: string } | null {
  if (ticket.userId === null || userId === null || userId === undefined) return null;
  if (ticket.userId === userId) return null;
  return { id: ticket.userId, name: ticket.user?.name ?? "" };
}

/** Tickets where the user already agreed to answer for a colleague, for this page's life. */
const agreed = new Set<string>();
const agreementKey = (userId: number, ticketId: number) => `${userId}:${ticketId}`;

export function hasAgreed(userId: number, ticketId: number): boolean {
  return agreed.has(agreementKey(userId, ticketId));
}

export function agree(userId: number, ticketId: number): void {
  agreed.add(agreementKey(userId, ticketId));
}
