import { useState } from "react";
import { useLocation } from "wouter";
import { api } from "../../../api/index.ts";
import type { Ticket, TicketStatus } from "../../../api/tickets.ts";
import { toast } from "../../../components/toast.ts";
import { focusComposerOf, localMove, resolvedTicket, ticketsTab } from "../deskState.ts";
import { currentUser } from "../../../app/session.ts";
import { announceResolved, confirmResolve } from "../list/resolve.ts";

/**
 * Accept / return / resolve / reopen. Accepting or reopening keeps the conversation and
 * shows the list's "open" tab; returning or closing goes back to /tickets (spec 4).
 */
export function useTicketActions(ticket: Ticket, onChanged: (ticket: Ticket) => void) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<TicketStatus | null>(null);

  const moveTo = async (status: TicketStatus) => {
    if (busy) return;
    if (status === "closed" && !await confirmResolve(ticket, currentUser.peek()?.id ?? 0)) return;
    setBusy(status);
    // Aceitar leads to the answer, Resolver to the next ticket of the list; said before the
    // request, whose events may come before its answer.
    if (status === "open") focusComposerOf(ticket.id);
    if (status === "closed") resolvedTicket.value = ticket.id;
    try {
      const updated = await api.tickets.update(ticket.id, { status });
      localMove.value = { ticket, to: status };
      onChanged(updated);
      if (status === "open") ticketsTab.value = "open";
      else navigate("/tickets");
      if (status === "closed") {
        announceResolved(ticket, updated, (restored) => navigate(`/tickets/${restored.uuid}`));
      }
    } catch (error) {
      focusComposerOf(null);
      resolvedTicket.value = null;
      toast.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  return { busy, moveTo };
}

export type TicketActions = ReturnType<typeof useTicketActions>;
