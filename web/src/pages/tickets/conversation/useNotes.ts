import { useCallback, useEffect, useState } from "react";
import { api } from "../../../api/index.ts";
import type { TicketNote } from "../../../api/notes.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { toast } from "../../../components/toast.ts";
import { companyEvent } from "../../../../../contracts/realtime.ts";
import { applyNoteEvent, upsertNote } from "./timeline.ts";

/** A ticket's internal notes, kept current with the colleagues' (company-{c}-ticketNote). */
export function useNotes(ticketId: number, companyId: number) {
  const [notes, setNotes] = useState<TicketNote[]>([]);

  useEffect(() => {
    let current = true;
    api.notes.list({ ticketId })
      .then((list) => current && setNotes((held) => list.reduce(upsertNote, held)))
      .catch((error) => current && toast.apiError(error));
    return () => {
      current = false;
    };
  }, [ticketId]);

  useRealtimeEvent(companyEvent(companyId, "ticketNote"), (data) => {
    setNotes((held) => applyNoteEvent(held, data, ticketId));
  });

  const add = useCallback(async (text: string) => {
    const note = await api.notes.create({ note: text, ticketId });
    setNotes((held) => upsertNote(held, note));
  }, [ticketId]);

  const remove = useCallback(async (id: number) => {
    await api.notes.remove(id);
    setNotes((held) => held.filter((note) => note.id !== id));
  }, []);

  return { notes, add, remove };
}
