import type { ReactNode, RefObject } from "react";
import { useTranslation } from "react-i18next";
import * as page from "./page.css.ts";

/** What the scroller needs from usePagedList. */
interface PagedList {
  containerRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  loading: boolean;
  items: readonly unknown[];
}

/**
 * A page's list area: it scrolls, asks for the next page near its bottom (usePagedList
 * watches it) and says when more is on its way.
 */
export function PagedScroller({ list, children }: { list: PagedList; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={page.scroller} ref={list.containerRef} onScroll={list.onScroll}>
      {children}
      {list.loading && list.items.length > 0
        ? <div className={page.footerNote}>{t("common.loadingMore")}</div>
        : null}
    </div>
  );
}
