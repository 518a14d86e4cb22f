import type { ReactNode } from "react";
import { Cell } from "react-aria-components";
import * as page from "./page.css.ts";

/**
 * The cells of a list page's table (page.css.ts), which becomes cards on a phone: the title
 * cell heads the card, a field cell writes its column's name before its value, the actions
 * cell lines up its buttons at the card's foot.
 */

interface FieldProps {
  /** The column's name, shown before the value in a card (the grid's header says it otherwise). */
  label: string;
  children?: ReactNode;
  textValue?: string;
  className?: string;
}

export function FieldCell({ label, children, textValue, className }: FieldProps) {
  return (
    <Cell className={className ? `${page.cell} ${className}` : page.cell} textValue={textValue}>
      <CellLabel>{label}</CellLabel>
      {children}
    </Cell>
  );
}

interface CellProps {
  children?: ReactNode;
  textValue?: string;
}

export function TitleCell({ children, textValue }: CellProps) {
  return <Cell className={page.titleCell} textValue={textValue}>{children}</Cell>;
}

/** A picture before the title, such as the contact's avatar. */
export function LeadCell({ children }: CellProps) {
  return <Cell className={page.leadCell}>{children}</Cell>;
}

export function ActionsCell({ children }: CellProps) {
  return <Cell className={page.actionsCell}>{children}</Cell>;
}

/** A value's column name, shown before it in a card only (a plain <table> uses it too). */
export function CellLabel({ children }: { children: string }) {
  return <span className={page.cellLabel} aria-hidden="true">{children}</span>;
}
