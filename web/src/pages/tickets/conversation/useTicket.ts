import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api, isApiError } from "../../../api/index.ts";
import type { Ticket } from "../../../api/tickets.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../../app/useRealtimeReconnect.ts";
import { toast } from "../../../components/toast.ts";
import { maySee } from "../list/ticketScope.ts";
import { useRealtimeRooms } from "../useRealtimeRooms.ts";
import { useViewer } from "../useViewer.ts";
import { applyContactUpdate, applyTicketUpdate, isTicketDelete } from "./ticketEvents.ts";
import { companyEvent } from "../../../../../contracts/realtime.ts";

/** /tickets/:ticketId carries the uuid; a bare number is taken as the ticket id. */
function loadTicket(ref: string): Promise<Ticket> {
  return /^\d+$/.test(ref) ? api.tickets.get(Number(ref)) : api.tickets.byUuid(ref);
}

/** A move sends its update right after its delete; a deletion sends none. */
const DELETE_SETTLE_MS = 1500;

/**
 * The open ticket: loaded from the route, kept current by its room's events (updates
 * replace it, contact updates merge). A ticket that cannot be shown (gone, or not this
 * user's to see: 'Acesso não permitido') sends the desk back to /tickets; one that an update
 * shows out of the viewer's reach (a transfer) too, without asking the server (a 403).
 */
export function useTicket(ref: string, companyId: number) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const viewer = useViewer();
  // Updates of the ticket so far: a delete followed by one was a move, not a deletion.
  const updates = useRef(0);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

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
    if (id === undefined || !ticket) return;
    const next = applyTicketUpdate(ticket, data);
    if (next !== ticket) {
      updates.current += 1;
      if (viewer && !maySee(viewer, next)) navigate("/tickets", { replace: true });
      else setTicket(next);
    }
    // A move also sends "delete" to the rooms the ticket left (the list's room may be one),
    // followed by its update; only a delete without one is read again (a deletion: 404).
    if (isTicketDelete(data, id)) {
      const seen = updates.current;
      clearTimeout(settle.current);
      settle.current = setTimeout(() => {
        if (updates.current !== seen) return;
        api.tickets.get(id).then(setTicket).catch(() => navigate("/tickets", { replace: true }));
      }, DELETE_SETTLE_MS);
    }
  });

  useRealtimeEvent(id ? companyEvent(companyId, "contact") : null, (data) => {
    setTicket((held) => held && applyContactUpdate(held, data));
  });

  return { ticket, setTicket };
}
