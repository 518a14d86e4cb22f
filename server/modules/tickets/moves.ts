// How a ticket changes hands: the patch a status move implies, applying it, and telling
// the domain bus what happened. Tracking, realtime, notices and the automation listen
// (modules/tickets/listeners.ts and the program's wiring); nothing here calls them.
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { tickets } from "../../../db/tenant/schema.ts";
import { type DomainBus, moveKind, TICKET_UPDATED } from "../../events/domain.ts";
import { updateById } from "../../tenancy/prepared.ts";
import { loadTicket, type TicketDto, type TicketRow } from "./dto.ts";

export interface MoveDoors {
  hub: Hub;
  bus: DomainBus;
}

export type TicketStatus = TicketRow["status"];

/** A ticket no agent or integration answers in. */
export const NO_PROGRAM = { useIntegration: false, promptId: null, integrationId: null } as const;

/** What a status move changes besides the status. */
export function statusPatch(status: TicketStatus, userId: number | null): Partial<TicketRow> {
  // Any change of status takes the ticket from a bot that held it (a person stepped in, or it
  // closed), and from the agent or integration that answered in it.
  const patch: Partial<TicketRow> = {
    status,
    chatbot: false,
    closedAt: status === "closed" ? new Date().toISOString() : null,
    ...NO_PROGRAM,
  };
  // A ticket leaving closed (an undo, a reopen) drops the goodbye its close still held (goodbye.ts).
  if (status !== "closed") patch.goodbyeAt = null;
  if (status === "open") patch.userId = userId;
  if (status === "pending") patch.userId = null;
  if (status === "closed") patch.unreadMessages = 0;
  return patch;
}

/** Tells the bus about a move already written (before null: the ticket was just created). */
export async function announceMove(
  doors: MoveDoors,
  t: Tenant,
  before: TicketDto | null,
  after: TicketDto,
  byUserId: number | null,
) {
  await doors.bus.emit(moveKind(before, after) ?? TICKET_UPDATED, { tenant: t, before, after, byUserId });
}

export async function applyPatch(
  doors: MoveDoors,
  t: Tenant,
  before: TicketDto,
  patch: Partial<TicketRow>,
  byUserId: number | null,
) {
  await updateById(t.db, tickets, "move", before.id, { ...patch, updatedAt: new Date().toISOString() });
  const ticket = (await loadTicket(t.db, before.id))!;
  await announceMove(doors, t, before, ticket, byUserId);
  return ticket;
}

export interface SystemMove {
  status?: TicketStatus;
  queueId?: number | null;
  userId?: number | null;
  chatbot?: boolean;
  /** What program answers in it (seed 000's Ticket): an agent's promptId, an integration's id. */
  useIntegration?: boolean;
  integrationId?: number | null;
  promptId?: number | null;
}

/**
 * A move made by the system (a timer, the bot, the send API), not by a person. null when
 * the ticket is gone; the unchanged ticket when the patch changes nothing.
 */
export async function moveBySystem(doors: MoveDoors, t: Tenant, ticketId: number, move: SystemMove) {
  const before = await loadTicket(t.db, ticketId);
  if (!before) return null;
  const patch: Partial<TicketRow> = move.status && move.status !== before.status
    ? statusPatch(move.status, move.userId ?? before.userId)
    : {};
  if (move.queueId !== undefined) patch.queueId = move.queueId;
  if (move.userId !== undefined && move.status !== "pending") patch.userId = move.userId;
  if (move.chatbot !== undefined) patch.chatbot = move.chatbot;
  for (const k of ["useIntegration", "integrationId", "promptId"] as const) {
    if (move[k] !== undefined) Object.assign(patch, { [k]: move[k] });
  }
  const changed = Object.entries(patch).some(([k, v]) => before[k as keyof TicketRow] !== v);
  if (!changed) return before;
  return await applyPatch(doors, t, before, patch, null);
}
