import { useEffect, useRef } from "react";
import { realtime } from "./realtimeInstance.ts";

/** Listen to one realtime event while the component is mounted (null: listen to nothing). */
export function useRealtimeEvent(event: string | null, handler: (data: unknown) => void): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => {
    if (!event) return;
    return realtime.subscribe(event, (data) => handlerRef.current(data));
  }, [event]);
}
