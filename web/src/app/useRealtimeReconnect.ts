import { useEffect, useRef } from "react";
import { realtime } from "./realtimeInstance.ts";

/**
 * Run the handler whenever the realtime connection comes back after a drop: events sent
 * meanwhile never arrive, so a live list reads its data again.
 */
export function useRealtimeReconnect(handler: () => void): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => realtime.onReconnect(() => handlerRef.current()), []);
}
