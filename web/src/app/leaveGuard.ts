/** The history entry the guard stands on: the browser's Back lands below it first. */
const SENTINEL = { leaveGuard: true };
const onSentinel = () => (history.state as { leaveGuard?: boolean } | null)?.leaveGuard === true;

/**
 * Asks before leaving a page with unsaved work: the browser's own prompt when the tab
 * closes or reloads, a confirmation before an in-app navigation or the browser's Back. The
 * router (wouter) navigates through history.pushState, so the guard wraps it while
 * installed; a refused confirmation leaves the address and the page as they are. Back
 * cannot be refused once it happened, so the guard stands on an entry of its own (same
 * address): Back leaves that entry, the guard asks, and either puts it back (stay) or goes
 * back once more (leave).
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
  if (!onSentinel()) push.call(history, SENTINEL, "");
  let leaving = false;
  const onBack = () => {
    if (leaving) {
      leaving = false;
      return;
    }
    // Forward onto the guard's entry, or back onto it from a later page: the page stays.
    if (onSentinel()) return;
    if (hasUnsaved() && !confirm(question())) {
      push.call(history, SENTINEL, "");
      return;
    }
    leaving = true;
    history.back();
  };
  addEventListener("popstate", onBack);
  history.pushState = function (this: History, ...args: Parameters<History["pushState"]>) {
    if (hasUnsaved() && !confirm(question())) return;
    push.apply(this, args);
  };
  return () => {
    removeEventListener("beforeunload", onUnload);
    removeEventListener("popstate", onBack);
    history.pushState = push;
  };
}
