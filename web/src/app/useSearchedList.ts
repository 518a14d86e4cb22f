import { useState } from "react";
import { useDebouncedValue } from "../lib/useDebouncedValue.ts";
import { type PageResult, usePagedList } from "../lib/usePagedList.ts";
import { useRealtimeReconnect } from "./useRealtimeReconnect.ts";

/**
 * A list page's server-paged list under a search box: the text as typed, the trimmed text
 * it searches once typing pauses (500 ms), and the list read again after a realtime reconnect.
 */
export function useSearchedList<T>(
  load: (search: string, page: number) => Promise<PageResult<T>>,
  getId: (item: T) => number,
) {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const list = usePagedList({ load, search: debounced, getId });
  useRealtimeReconnect(list.reload);
  return { search, setSearch, debounced, list };
}
