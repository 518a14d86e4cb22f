import { type KeyboardEvent, useEffect, useMemo, useState } from "react";
import { api } from "../../../api/index.ts";
import type { QuickMessage } from "../../../api/quickMessages.ts";
import { quickQuery, type QuickSuggestion, quickSuggestions } from "./quickAnswers.ts";

/**
 * Suggestions for the composer's text: the quick answers are fetched the first time the
 * text looks like a shortcut ("/" and 2 characters). Arrow keys move through them, Enter
 * or Tab picks one, Escape hides them until the text changes.
 */
export function useQuickAnswers(text: string, onPick: (suggestion: QuickSuggestion) => void) {
  const [answers, setAnswers] = useState<QuickMessage[] | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const wanted = quickQuery(text) !== null;

  useEffect(() => {
    if (!wanted || answers !== null) return;
    let current = true;
    api.quickMessages.list()
      .then((list) => current && setAnswers(list))
      .catch(() => current && setAnswers([]));
    return () => {
      current = false;
    };
  }, [wanted, answers]);

  const suggestions = useMemo(
    () => dismissed === text ? [] : quickSuggestions(answers ?? [], text),
    [answers, text, dismissed],
  );

  useEffect(() => setActive(0), [text]);

  /** Handles the key when the suggestions are showing; true when it did. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (suggestions.length === 0) return false;
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
        setActive((index) => (index + 1) % count);
        break;
      case "ArrowUp":
        setActive((index) => (index - 1 + count) % count);
        break;
      case "Enter":
      case "Tab":
        onPick(suggestions[Math.min(active, count - 1)]);
        break;
      case "Escape":
        setDismissed(text);
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  return { suggestions, active: Math.min(active, Math.max(0, suggestions.length - 1)), onKeyDown };
}
