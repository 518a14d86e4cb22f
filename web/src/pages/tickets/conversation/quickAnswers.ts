/** Quick-answer suggestions for the composer: "/" followed by 2 or more characters (spec 9). */
import type { QuickMessage } from "../../../api/quickMessages.ts";

/** The suggestion's label is cut at this many characters (spec 9). */
export const QUICK_LABEL_MAX = 35;
const MIN_QUERY = 2;

export interface QuickSuggestion {
  id: number;
  label: string;
  /** The text that replaces the composer's text when chosen. */
  message: string;
  /** The answer's attachment, sent with the text; null when it has none. */
  mediaName: string | null;
}

/** What the user typed after the slash, or null when no suggestions should show. */
export function quickQuery(text: string): string | null {
  const match = /^\/(\S+)$/.exec(text);
  if (!match || match[1].length < MIN_QUERY) return null;
  return match[1].toLowerCase();
}

export function quickLabel(answer: Pick<QuickMessage, "shortcode" | "message">): string {
  const label = `${answer.shortcode} - ${answer.message.replace(/\s+/g, " ")}`;
  return label.length > QUICK_LABEL_MAX ? `${label.slice(0, QUICK_LABEL_MAX)}...` : label;
}

/** The answers whose shortcode contains the typed text (case-insensitive), in their order. */
export function quickSuggestions(
  answers: readonly (Pick<QuickMessage, "id" | "shortcode" | "message"> & { mediaName?: string | null })[],
  text: string,
): QuickSuggestion[] {
  const query = quickQuery(text);
  if (query === null) return [];
  return answers
    .filter((answer) => answer.shortcode.toLowerCase().replace(/^\//, "").includes(query))
    .map((answer) => ({
      id: answer.id,
      label: quickLabel(answer),
      message: answer.message,
      mediaName: answer.mediaName ?? null,
    }));
}
