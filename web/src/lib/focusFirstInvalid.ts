/** Elements a field marks when it holds an error (react-aria sets both). */
const INVALID = '[aria-invalid="true"], [data-invalid]';
const FOCUSABLE = "input, textarea, select, button, [tabindex]:not([tabindex='-1'])";

/**
 * Focuses the first field marked invalid inside root (document order) and scrolls it into
 * the middle of its scroller, so an error is never left out of view. False when none is shown.
 */
export function focusFirstInvalid(root: ParentNode): boolean {
  for (const marked of root.querySelectorAll<HTMLElement>(INVALID)) {
    const target = marked.matches(FOCUSABLE)
      ? marked
      : marked.querySelector<HTMLElement>(FOCUSABLE);
    if (!target || !target.checkVisibility()) continue;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "center" });
    return true;
  }
  return false;
}
