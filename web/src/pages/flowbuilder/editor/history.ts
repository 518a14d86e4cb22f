/**
 * Snapshot undo and redo of the whole document (the Typebot and Langflow way): every
 * recorded change pushes the document it replaced; a new change clears what could be redone.
 */
export const HISTORY_MAX = 100;

export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
}

export const historyOf = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** The document after a change that can be undone (nothing recorded when it did not change). */
export function record<T>(history: History<T>, next: T, max = HISTORY_MAX): History<T> {
  if (next === history.present) return history;
  return { past: [...history.past, history.present].slice(-max), present: next, future: [] };
}

/** Replaces the document without a step of its own (a drag in progress after its checkpoint). */
export const replace = <T>(history: History<T>, next: T): History<T> => ({ ...history, present: next });

/**
 * Ends a gesture made of replaced steps (a drag) as one step back to base, the document
 * when it began; a gesture that changed nothing leaves no step.
 */
export function settle<T>(history: History<T>, base: T, max = HISTORY_MAX): History<T> {
  if (history.present === base) return history;
  return { past: [...history.past, base].slice(-max), present: history.present, future: [] };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
