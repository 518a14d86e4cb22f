import type { ReactNode } from "react";
import * as page from "../../components/page.css.ts";
import { textOn } from "./color.ts";
import * as css from "./list/list.css.ts";

/** A ticket's connection, queue or tag as a small chip; the hidden label tells screen readers what the text is. */
export function TicketChip(
  { label, color, children }: { label: string; color?: string; children: ReactNode },
) {
  return (
    <span
      className={color ? css.colorChip : css.chip}
      style={color ? { background: color, color: textOn(color) } : undefined}
    >
      <span className={page.visuallyHidden}>{label}:</span>
      {children}
    </span>
  );
}
