import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { keys, read, write } from "../../lib/storage.ts";
import {
  type Bounds,
  clampWidth,
  storedWidth,
  widthBounds,
  widthForKey,
  withStoredWidth,
} from "./listWidth.ts";
import * as css from "./tickets.css.ts";

export interface ListWidth {
  /** The list's width in px, within the bounds of the desk as measured. */
  width: number;
  bounds: Bounds;
  /** A new width (clamped); `save` also remembers it for the user. */
  set: (width: number, save: boolean) => void;
}

/** The desk's list width: remembered per user, kept within the desk as it resizes. */
export function useListWidth(
  userId: number,
  desk: React.RefObject<HTMLElement | null>,
): ListWidth {
  const [wanted, setWanted] = useState(() => storedWidth(read(keys.deskListWidth), userId));
  const [deskWidth, setDeskWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = desk.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setDeskWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [desk]);
  const bounds = widthBounds(deskWidth);
  return {
    width: clampWidth(wanted, bounds),
    bounds,
    set: (width, save) => {
      const next = clampWidth(width, bounds);
      setWanted(next);
      if (save) write(keys.deskListWidth, withStoredWidth(read(keys.deskListWidth), userId, next));
    },
  };
}

/** The bar between the list and the conversation: dragged, or moved with the arrow keys. */
export function ListSplitter({ size, controls }: { size: ListWidth; controls: string }) {
  const { t } = useTranslation();
  const drag = useRef<{ x: number; width: number } | null>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = widthForKey(event.key, event.shiftKey, size.width, size.bounds);
    if (next === null) return;
    event.preventDefault();
    size.set(next, true);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width: size.width };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (drag.current) size.set(drag.current.width + event.clientX - drag.current.x, false);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!drag.current) return;
    size.set(drag.current.width + event.clientX - drag.current.x, true);
    drag.current = null;
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t("alerts.splitter")}
      aria-controls={controls}
      aria-valuenow={size.width}
      aria-valuemin={size.bounds.min}
      aria-valuemax={size.bounds.max}
      tabIndex={0}
      className={css.splitter}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (drag.current = null)}
    />
  );
}
