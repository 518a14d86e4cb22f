import { useCallback } from "react";
import { api } from "../../api/index.ts";
import type { Whatsapp } from "../../api/whatsapps.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useLiveList } from "../../app/useLiveList.ts";
import { applyWhatsappEvent, upsertWhatsapp } from "./connectionRules.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

/**
 * The company's connections (GET /whatsapp?session=0), kept live by
 * company-{c}-whatsapp (update, delete) and company-{c}-whatsappSession (update).
 */
export function useConnections(companyId: number | null) {
  const { list, setList, loading, reload } = useLiveList(api.whatsapps.list);

  const onEvent = (data: unknown) => setList((previous) => applyWhatsappEvent(previous, data));
  useRealtimeEvent(companyId ? companyEvent(companyId, "whatsapp") : null, onEvent);
  useRealtimeEvent(companyId ? companyEvent(companyId, "whatsappSession") : null, onEvent);

  const upsert = useCallback((whatsapp: Whatsapp) => {
    setList((previous) => upsertWhatsapp(previous, whatsapp));
  }, []);

  const remove = useCallback((id: number) => {
    setList((previous) => previous.filter((whatsapp) => whatsapp.id !== id));
  }, []);

  /** Read one connection again (after a session action, in case an event is missed). */
  const refresh = useCallback(async (id: number) => {
    try {
      upsert(await api.whatsapps.get(id));
    } catch {
      // the events keep the row up to date anyway
    }
  }, [upsert]);

  return { list, loading, reload, upsert, remove, refresh };
}
