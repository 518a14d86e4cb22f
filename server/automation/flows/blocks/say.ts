// Blocks that say something and go on: start, message, image, audio (a voice note when
// recorded), video, and the content sequence, whose waits are persisted like an interval's
// (the cursor keeps the element to resume at: "<node>#<i>").
import { INTERVAL_MAX_SECONDS } from "../../../../contracts/flowGraph.ts";
import type { ContentElement } from "../../../../contracts/flowGraph.ts";
import { writeCursor } from "../cursor.ts";
import { type Block, entering, IGNORE, type Step } from "./block.ts";

export const start: Block<"start"> = (_turn, _node, visit) =>
  entering(visit) ? { plan: { kind: "go", handle: null } } : IGNORE;

/** A block that says one thing on entering and goes on to the next. */
const saying = <T extends "message" | "img" | "audio" | "video">(
  say: (turn: Parameters<Block<T>>[0], node: Parameters<Block<T>>[1]) => Promise<void>,
  shown: (node: Parameters<Block<T>>[1]) => string,
): Block<T> =>
(turn, node, visit) =>
  entering(visit)
    ? { plan: { kind: "go", handle: null }, act: () => say(turn, node), output: shown(node) }
    : IGNORE;

export const message = saying<"message">(
  (turn, node) => turn.say(node.data.text),
  (n) => n.data.text,
);
export const img = saying<"img">((turn, node) => turn.sendFile(node.data.url), (n) => n.data.url);
export const audio = saying<"audio">(
  (turn, node) => turn.sendFile(node.data.url, { ptt: node.data.record }),
  (n) => n.data.url,
);
export const video = saying<"video">(
  (turn, node) => turn.sendFile(node.data.url),
  (n) => n.data.url,
);

/** An interval's seconds as the editor allows them (more than 0, at most 120). */
export function seconds(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.min(n, INTERVAL_MAX_SECONDS) : 0;
}

export const content: Block<"content"> = (turn, node, visit): Step => {
  // The wake-up of a wait inside the block resumes at the element the cursor keeps.
  const at = visit.kind === "enter"
    ? visit.element
    : visit.kind === "wake"
    ? turn.cursor.element ?? 0
    : -1;
  if (at < 0) return IGNORE;
  const elements = node.data.elements ?? [];
  if (at >= elements.length) return { plan: { kind: "go", handle: null } };
  const el = elements[at];
  if (el.type === "interval") {
    const wait = seconds(el.value);
    return {
      plan: {
        kind: "wait",
        cursor: writeCursor({ node: node.id, element: at + 1, pending: false }),
        wakeAt: turn.after(wait),
      },
      output: `#${at} interval ${wait}s`,
    };
  }
  return {
    plan: { kind: "next", element: at + 1 },
    act: () => sendElement(turn, el),
    output: `#${at} ${el.type}`,
  };
};

function sendElement(turn: Parameters<Block<"content">>[0], el: ContentElement) {
  if (el.type === "message") return turn.say(el.value);
  return turn.sendFile(el.value, { ptt: el.type === "audio" && !!el.record });
}
