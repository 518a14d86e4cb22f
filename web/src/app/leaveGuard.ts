/**
 * Asks before leaving a page with unsaved work: the browser's own prompt when the tab
 * closes or reloads, a confirmation before an in-app navigation. The router (wouter)
 * navigates through history.pushState, so the guard wraps it while installed; a refused
 * confirmation leaves the address and the page as they are.
 */
export function guardLeaving(hasUnsaved: () => boolean, question: () => string): () => void {
  const onUnload = (event: BeforeUnloadEvent) => {
    if (!hasUnsaved()) return;
    event.preventDefault();
    // Older browsers show their prompt only when returnValue is set.
    event.returnValue = "";
  };
  addEventListener("beforeunload", onUnload);
  const push = history.pushState;
  history.pushState = function (this: History, ...args: Parameters<History["pushState"]>) {
    if (hasUnsaved() && !confirm(question())) return;
    push.apply(this, args);
  };
  return () => {
    removeEventListener("beforeunload", onUnload);
    history.pushState = push;
  };
}
