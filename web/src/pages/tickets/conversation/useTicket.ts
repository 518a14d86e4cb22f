import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api, isApiError } from "../../../api/index.ts";
import type { Ticket } from "../../../api/tickets.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../../app/useRealtimeReconnect.ts";
import { toast } from "../../../components/toast.ts";
import { useRealtimeRooms } from "../useRealtimeRooms.ts";
import { applyContactUpdate, applyTicketUpdate, isTicketDelete } from "./ticketEvents.ts";
import { companyEvent } from "../../../../../contracts/realtime.ts";

/** /tickets/:ticketId carries the uuid; a bare number is taken as the ticket id. */
function loadTicket(ref: string): Promise<Ticket> {
  return /^\d+$/.test(ref) ? api.tickets.get(Number(ref)) : api.tickets.byUuid(ref);
}

/**
 * The open ticket: loaded from the route, kept current by its room's events (updates
 * replace it, contact updates merge). A ticket that cannot be shown (gone, or not this
 * user's to see: 'Acesso não permitido') sends the desk back to /tickets.
 */
export function useTicket(ref: string, companyId: number) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [ticket, setTicket] = useState<Ticket | null>(null);

  const leave = useCallback((error: unknown) => {
    if (isApiError(error) && error.code === "ERR_NO_PERMISSION") toast.error(t("session.noAccess"));
    else toast.apiError(error);
    navigate("/tickets", { replace: true });
  }, [navigate, t]);

  useEffect(() => {
    let current = true;
    loadTicket(ref).then((loaded) => current && setTicket(loaded)).catch((error) => {
      if (current) leave(error);
    });
    return () => {
      current = false;
    };
  }, [ref, leave]);

  useRealtimeReconnect(() => {
    loadTicket(ref).then(setTicket).catch(leave);
  });

  const id = ticket?.id;
  useRealtimeRooms(useMemo(() => (id ? [String(id)] : []), [id]));

  useRealtimeEvent(id ? companyEvent(companyId, "ticket") : null, (data) => {
    setTicket((held) => held && applyTicketUpdate(held, data));
    // A status change also sends "delete" to the rooms the ticket left (the list's room
    // may be one), so a delete is checked before the conversation is closed.
    if (id !== undefined && isTicketDelete(data, id)) {
      api.tickets.get(id).then(setTicket).catch(() => navigate("/tickets", { replace: true }));
    }
  });

  useRealtimeEvent(id ? companyEvent(companyId, "contact") : null, (data) => {
    setTicket((held) => held && applyContactUpdate(held, data));
  });

  return { ticket, setTicket };
}
