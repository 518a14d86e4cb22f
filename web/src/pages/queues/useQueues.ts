import { useCallback, useEffect, useState } from "react";
import { api } from "../../api/index.ts";
import type { Queue } from "../../api/queues.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../app/useRealtimeReconnect.ts";
import { toast } from "../../components/toast.ts";
import { applyQueueEvent, asQueueEvent, type QueueEvent } from "./queueForm.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

/** The company's queues (GET /queue, a short list), kept live by company-{c}-queue. */
export function useQueues(companyId: number | null) {
  const [list, setList] = useState<Queue[]>([]);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setList(await api.queues.list());
    } catch (error) {
      toast.apiError(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);
  useRealtimeReconnect(() => void reload());

  /** Our own saves apply at once; the same event arriving later changes nothing. */
  const apply = useCallback(
    (event: QueueEvent) => setList((previous) => applyQueueEvent(previous, event)),
    [],
  );

  useRealtimeEvent(companyId ? companyEvent(companyId, "queue") : null, (data) => {
    const event = asQueueEvent(data);
    if (event) apply(event);
  });

  return { list, loading, apply };
}
