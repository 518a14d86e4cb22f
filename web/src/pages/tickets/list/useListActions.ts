import { useState } from "react";
import { useLocation } from "wouter";
import { api } from "../../../api/index.ts";
import type { Ticket, TicketStatus } from "../../../api/tickets.ts";
import { toast } from "../../../components/toast.ts";
import { ticketsTab } from "../deskState.ts";

/**
 * The row buttons. Accept and reopen take the ticket and open its conversation in the
 * "open" list; closing the ticket on screen goes back to /tickets (spec 4).
 */
export function useListActions(
  selectedUuid: string | undefined,
  onChanged: (ticket: Ticket) => void,
) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<{ id: number; status: TicketStatus } | null>(null);

  const moveTo = async (ticket: Ticket, status: TicketStatus) => {
    if (busy) return;
    setBusy({ id: ticket.id, status });
    try {
      const updated = await api.tickets.update(ticket.id, { status });
      onChanged(updated);
      if (status === "open") {
        ticketsTab.value = "open";
        navigate(`/tickets/${updated.uuid}`);
      } else if (ticket.uuid === selectedUuid) {
        navigate("/tickets");
      }
    } catch (error) {
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
