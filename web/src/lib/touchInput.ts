/**
 * The last touch on the page. A phone follows a tap with emulated mouse events and gives
 * the focus back to the button that opened a menu: neither should bring up a tooltip there,
 * which would stay until the next tap, since a finger never "leaves" the button.
 */
const TOUCH_ECHO_MS = 1_000;

let lastTouch = Number.NEGATIVE_INFINITY;
const listeners = new Set<() => void>();

globalThis.document?.addEventListener("pointerdown", (event) => {
  if (event.pointerType !== "touch") return;
  lastTouch = performance.now();
  for (const listener of listeners) listener();
}, { capture: true, passive: true });

/** A touch happened within the last second (what follows it is its echo, not a hover). */
export function touchedRecently(): boolean {
  return performance.now() - lastTouch < TOUCH_ECHO_MS;
}

/** Calls listener on every touch until the returned function is called. */
export function onTouch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
