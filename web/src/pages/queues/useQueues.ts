import { useCallback } from "react";
import { api } from "../../api/index.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useLiveList } from "../../app/useLiveList.ts";
import { applyQueueEvent, asQueueEvent, type QueueEvent } from "./queueForm.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

/** The company's queues (GET /queue, a short list), kept live by company-{c}-queue. */
export function useQueues(companyId: number | null) {
  const { list, setList, loading } = useLiveList(api.queues.list);

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
