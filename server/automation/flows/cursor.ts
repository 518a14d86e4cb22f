// Where a run stands, as the ticket's automation state keeps it (one text, so a restart
// reads it back exactly): "<node>" waits at a block (a menu's or a question's answer, an
// interval's end), "<node>#<i>" waits inside a content block before its element i, and a
// trailing ">" marks the next thing to run while a turn walks on: a turn cut short (kill -9)
// is taken up there by the wake-up, never run from an earlier block again.
export interface Cursor {
  node: string;
  /** A content block's next element (null: the block itself). */
  element: number | null;
  /** About to run (a turn in progress) rather than waiting. */
  pending: boolean;
}

export function readCursor(text: string): Cursor {
  const pending = text.endsWith(">");
  const bare = pending ? text.slice(0, -1) : text;
  const hash = bare.indexOf("#");
  if (hash < 0) return { node: bare, element: null, pending };
  const element = Number(bare.slice(hash + 1));
  return { node: bare.slice(0, hash), element: Number.isInteger(element) ? element : 0, pending };
}

export function writeCursor(c: Cursor): string {
  return `${c.node}${c.element === null ? "" : `#${c.element}`}${c.pending ? ">" : ""}`;
}

export const pendingAt = (node: string, element: number | null = null) =>
  writeCursor({ node, element, pending: true });
