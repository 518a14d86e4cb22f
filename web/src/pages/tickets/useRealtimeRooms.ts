import { useEffect } from "react";
import { realtime } from "../../app/realtimeInstance.ts";

/** Be in these rooms while mounted; leave them when the list changes or on unmount. */
export function useRealtimeRooms(rooms: readonly string[]): void {
  // A joined string keeps the effect stable across renders that build an equal list.
  const key = rooms.join("\n");
  useEffect(() => {
    if (!key) return;
    const leaves = key.split("\n").map((room) => realtime.join(room));
    return () => {
      for (const leave of leaves) leave();
    };
  }, [key]);
}
