/**
 * The room the toasts take at the top of the window (Toasts.css.ts' TOAST_SPACE_VAR).
 * It grows at once, so a new toast covers nothing; it shrinks only once no button is held
 * and no drag is going on: the page moving up under a pointer that is dragging a card or
 * pressing a button would drop the card or the press somewhere else.
 */
export class ToastSpace {
  #wanted = 0;
  #shown = 0;
  #pressed = false;
  #dragging = false;

  constructor(private readonly show: (px: number) => void) {}

  /** The toasts' height now (0 when none show). */
  want(px: number) {
    this.#wanted = Math.ceil(px);
    this.#apply();
  }

  pointerDown() {
    this.#pressed = true;
  }

  /** A release, or a cancel (a scroll took the touch, or a drag began: the drag holds on its own). */
  pointerUp() {
    this.#pressed = false;
    this.#apply();
  }

  dragStart() {
    this.#dragging = true;
  }

  dragEnd() {
    this.#dragging = false;
    this.#apply();
  }

  #apply() {
    const held = this.#pressed || this.#dragging;
    const px = held ? Math.max(this.#shown, this.#wanted) : this.#wanted;
    if (px === this.#shown) return;
    this.#shown = px;
    this.show(px);
  }
}

/** Follows the window's pointers and drags; answers the function that stops following. */
export function followPointers(space: ToastSpace, target: Window): () => void {
  const listeners: [string, () => void][] = [
    ["pointerdown", () => space.pointerDown()],
    ["pointerup", () => space.pointerUp()],
    ["pointercancel", () => space.pointerUp()],
    ["dragstart", () => space.dragStart()],
    ["dragend", () => space.dragEnd()],
    ["drop", () => space.dragEnd()],
  ];
  for (const [type, listener] of listeners) target.addEventListener(type, listener, true);
  return () => {
    for (const [type, listener] of listeners) target.removeEventListener(type, listener, true);
  };
}
