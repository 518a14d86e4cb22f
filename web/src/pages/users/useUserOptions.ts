import { useEffect, useState } from "react";
import { api } from "../../api/index.ts";
import type { QueueRef, WhatsappSummary } from "../../api/types.ts";
import { toast } from "../../components/toast.ts";

/** Queues (GET /queue) and connections (GET /whatsapp) for the admin fields of the user dialog. */
export function useUserOptions(enabled: boolean) {
  const [queues, setQueues] = useState<QueueRef[]>([]);
  const [whatsapps, setWhatsapps] = useState<WhatsappSummary[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    Promise.all([api.lists.queues(), api.lists.whatsapps()])
      .then(([queueList, whatsappList]) => {
        if (!live) return;
        setQueues(queueList);
        setWhatsapps(whatsappList);
      })
      .catch((error) => live && toast.apiError(error));
    return () => {
      live = false;
    };
  }, [enabled]);
  return { queues, whatsapps };
}
