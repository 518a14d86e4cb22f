import { useState } from "react";
import { useLocation } from "wouter";
import { api } from "../../../api/index.ts";
import type { Ticket, TicketStatus } from "../../../api/tickets.ts";
import { currentUser } from "../../../app/session.ts";
import { toast } from "../../../components/toast.ts";
import { focusComposerOf, localMove, resolvedTicket, ticketsTab } from "../deskState.ts";
import { announceResolved, confirmResolve } from "./resolve.ts";

/**
 * The row buttons. Accept and reopen take the ticket and open its conversation in the
 * "open" list; closing the ticket on screen goes back to /tickets (spec 4). Resolving a
 * colleague's ticket asks first, and a close may be undone from its toast (resolve.ts).
 */
export function useListActions(
  selectedUuid: string | undefined,
  onChanged: (ticket: Ticket) => void,
) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<{ id: number; status: TicketStatus } | null>(null);

  const moveTo = async (ticket: Ticket, status: TicketStatus) => {
    if (busy) return;
    if (status === "closed" && !await confirmResolve(ticket, currentUser.peek()?.id ?? 0)) return;
    setBusy({ id: ticket.id, status });
    // Where the keyboard goes next, said before the request (its events may come first): the
    // composer after Aceitar or Reabrir, the next row after Resolver.
    if (status === "open") focusComposerOf(ticket.id);
    if (status === "closed") resolvedTicket.value = ticket.id;
    try {
      const updated = await api.tickets.update(ticket.id, { status });
      localMove.value = { ticket, to: status };
      onChanged(updated);
      if (status === "open") {
        ticketsTab.value = "open";
        navigate(`/tickets/${updated.uuid}`);
      } else if (ticket.uuid === selectedUuid) {
        navigate("/tickets");
      }
      if (status === "closed") {
        const wasOnScreen = ticket.uuid === selectedUuid;
        announceResolved(ticket, updated, (restored) => {
          onChanged(restored);
          if (wasOnScreen) navigate(`/tickets/${restored.uuid}`);
        });
      }
    } catch (error) {
      focusComposerOf(null);
      resolvedTicket.value = null;
      toast.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  return {
    /** The ticket and action in progress, if any. */
    busy,
    accept: (ticket: Ticket) => moveTo(ticket, "open"),
    close: (ticket: Ticket) => moveTo(ticket, "closed"),
    reopen: (ticket: Ticket) => moveTo(ticket, "open"),
  };
}

export type ListActions = ReturnType<typeof useListActions>;
