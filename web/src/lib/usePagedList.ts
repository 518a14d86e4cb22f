import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../components/toast.ts";
import { isNearBottom } from "./nearBottom.ts";
import { ChangesDuringLoad, type ListChange } from "./changesDuringLoad.ts";

export interface PageResult<T> {
  items: T[];
  hasMore: boolean;
}

interface Options<T> {
  /** Loads one page (1-based) for a search text. */
  load: (search: string, page: number) => Promise<PageResult<T>>;
  search: string;
  getId: (item: T) => number;
}

interface Query {
  search: string;
  page: number;
  /** Bumped to reload the first page with the same search. */
  round: number;
}

/**
 * A server-paged list: restarts when the search changes, loads the next page when the
 * scroll container comes within 100 px of its bottom while more pages exist, and offers
 * upsert/remove for live updates.
 */
export function usePagedList<T>({ load, search, getId }: Options<T>) {
  const [items, setItems] = useState<T[]>([]);
  const [query, setQuery] = useState<Query>({ search, page: 1, round: 0 });
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  const getIdRef = useRef(getId);
  getIdRef.current = getId;

  if (query.search !== search) setQuery({ search, page: 1, round: query.round });

  const duringLoad = useRef(new ChangesDuringLoad<T>()).current;

  useEffect(() => {
    let current = true;
    setLoading(true);
    duringLoad.started();
    loadRef.current(query.search, query.page)
      .then((result) => {
        if (!current) return;
        const missed = duringLoad.settle();
        setItems((previous) =>
          missed(mergePage(query.page === 1 ? [] : previous, result.items, getIdRef.current))
        );
        setHasMore(result.hasMore);
      })
      .catch((error) => {
        if (current) toast.apiError(error);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [query]);

  /** The scroll container: set it with ref={list.containerRef}. */
  const containerRef = useRef<HTMLDivElement | null>(null);

  const onScroll = useCallback(() => {
    const element = containerRef.current;
    if (element && hasMore && !loading && isNearBottom(element)) {
      setQuery((previous) => ({ ...previous, page: previous.page + 1 }));
    }
  }, [hasMore, loading]);

  // A first page too short to scroll still leads to the next one (checked after paint,
  // once the table has laid out its rows).
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(onScroll);
    });
    return () => cancelAnimationFrame(frame);
  }, [onScroll, items]);

  /** Apply a pure change to the loaded items (live events that reorder or patch rows). */
  const update = useCallback((change: ListChange<T>) => {
    setItems(duringLoad.record(change));
  }, [duringLoad]);

  const upsert = useCallback((item: T) => {
    update((previous) => {
      const id = getIdRef.current(item);
      const index = previous.findIndex((entry) => getIdRef.current(entry) === id);
      if (index === -1) return [item, ...previous];
      const next = previous.slice();
      next[index] = item;
      return next;
    });
  }, [update]);

  const remove = useCallback((id: number) => {
    update((previous) => previous.filter((entry) => getIdRef.current(entry) !== id));
  }, [update]);

  const reload = useCallback(() => {
    setQuery((previous) => ({ ...previous, page: 1, round: previous.round + 1 }));
  }, []);

  return { items, hasMore, loading, containerRef, onScroll, upsert, remove, update, reload };
}

function mergePage<T>(previous: T[], incoming: T[], getId: (item: T) => number): T[] {
  const seen = new Set(previous.map(getId));
  return [...previous, ...incoming.filter((item) => !seen.has(getId(item)))];
}
