// The interval: a wait kept in the ticket's state and woken by the due timer (BotWake),
// never a sleep in the process: a restart keeps it, and it fires once.
import { type Block, IGNORE } from "./block.ts";
import { seconds } from "./say.ts";

export const interval: Block<"interval"> = (turn, node, visit) => {
  if (visit.kind === "wake") return { plan: { kind: "go", handle: null }, input: "wake" };
  if (visit.kind !== "enter") return IGNORE;
  const wait = seconds(node.data.sec);
  return { plan: { kind: "wait", cursor: node.id, wakeAt: turn.after(wait) }, output: `${wait}s` };
};
