import { useState } from "react";
import { useLocation } from "wouter";
import { api } from "../../../api/index.ts";
import type { Ticket, TicketStatus } from "../../../api/tickets.ts";
import { toast } from "../../../components/toast.ts";
import { ticketsTab } from "../deskState.ts";

/**
 * Accept / return / resolve / reopen. Accepting or reopening keeps the conversation and
 * shows the list's "open" tab; returning or closing goes back to /tickets (spec 4).
 */
export function useTicketActions(ticket: Ticket, onChanged: (ticket: Ticket) => void) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<TicketStatus | null>(null);

  const moveTo = async (status: TicketStatus) => {
    if (busy) return;
    setBusy(status);
    try {
      const updated = await api.tickets.update(ticket.id, { status });
      onChanged(updated);
      if (status === "open") ticketsTab.value = "open";
      else navigate("/tickets");
    } catch (error) {
      toast.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  return { busy, moveTo };
}

export type TicketActions = ReturnType<typeof useTicketActions>;
