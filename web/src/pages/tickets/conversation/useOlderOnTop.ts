import { type RefObject, useEffect } from "react";

/** Older messages load once scrolled within 50 px of the top (spec 9). */
const LOAD_OLDER_THRESHOLD_PX = 50;

interface Options {
  scroller: RefObject<HTMLElement | null>;
  /** What the list shows: a change may leave it too short to scroll. */
  messages: readonly unknown[];
  hasMore: boolean;
  loading: boolean;
  /** Must keep its identity between renders (useCallback). */
  loadOlder: () => void;
}

/**
 * A message list that loads its older pages at the top: returns the check for the list's
 * scroll handler, and asks for more while a first page is too short to scroll.
 */
export function useOlderOnTop({ scroller, messages, hasMore, loading, loadOlder }: Options) {
  useEffect(() => {
    const element = scroller.current;
    if (element && !loading && hasMore && element.scrollHeight <= element.clientHeight) loadOlder();
  }, [loading, hasMore, messages, loadOlder]);

  return () => {
    const element = scroller.current;
    if (element && element.scrollTop < LOAD_OLDER_THRESHOLD_PX && hasMore && !loading) loadOlder();
  };
}
