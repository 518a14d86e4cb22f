import { type Dispatch, type SetStateAction, useEffect, useState } from "react";
import { api } from "../../api/index.ts";
import type { Schedule } from "../../api/schedules.ts";
import { useRealtimeReconnect } from "../../app/useRealtimeReconnect.ts";
import { toast } from "../../components/toast.ts";

/** A range holds at most this many pages of 200: beyond that a view is unreadable anyway. */
const MAX_PAGES = 10;

/**
 * The schedules of the range a calendar shows (all of them, soonest first), read again when
 * the range or the search changes and when the realtime connection comes back. Null: nothing.
 */
export function useRangeSchedules(range: { from: Date; to: Date } | null, search: string): {
  items: Schedule[];
  setItems: Dispatch<SetStateAction<Schedule[]>>;
  loading: boolean;
} {
  const [items, setItems] = useState<Schedule[]>([]);
  const [loading, setLoading] = useState(false);
  const [reloads, setReloads] = useState(0);
  const from = range?.from.toISOString();
  const to = range?.to.toISOString();
  useRealtimeReconnect(() => setReloads((n) => n + 1));

  useEffect(() => {
    if (!from || !to) return;
    let current = true;
    setLoading(true);
    (async () => {
      const all: Schedule[] = [];
      for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
        const page = await api.schedules.page({ searchParam: search, pageNumber, from, to });
        all.push(...page.schedules);
        if (!page.hasMore) break;
      }
      if (current) setItems(all);
    })()
      .catch((error) => current && toast.apiError(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [from, to, search, reloads]);

  return { items, setItems, loading };
}
