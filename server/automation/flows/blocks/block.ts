// What a block is to the walker: given how the run arrives at it (entering it, a customer's
// reply while it waits, its wake-up), it plans where the run goes next, without effects, and
// hands back what it does (act). The walker saves the plan before it acts, so a block's
// messages go out at most once even if the server dies between the two.
import type { FlowNode, FlowNodeOf, NodeType } from "../../../../contracts/flowGraph.ts";
import type { RunPlace, RunStatus } from "../../state.ts";
import type { TextKey } from "../../../i18n/texts.ts";
import type { FlowTurn } from "../turn.ts";

export type Visit =
  /** The run reaches the block (a content block at its element). */
  | { kind: "enter"; element: number }
  /** The customer wrote while the run waits at the block. */
  | { kind: "reply"; text: string }
  /** The block's wake-up came (an interval's end, a question's no-reply time). */
  | { kind: "wake" };

export type Plan =
  /** Leave by this output (null: the block's only one). */
  | { kind: "go"; handle: string | null; patch?: Partial<RunPlace> }
  /** A content block goes on to its next element now. */
  | { kind: "next"; element: number }
  /** Stay here until a reply or the wake-up. */
  | { kind: "wait"; cursor: string; wakeAt: string | null; patch?: Partial<RunPlace> }
  /** The block's AI agent takes the conversation (agents/program.ts); the run ends when it hands over. */
  | { kind: "agent" }
  /** The block's Typebot takes the conversation (integrations/program.ts); the run ends when it hands over. */
  | { kind: "integration" }
  /** The run ends here; people take the conversation. */
  | { kind: "end"; status: RunStatus; reason: string }
  /** Nothing for this block to do with this visit (a message during an interval). */
  | { kind: "ignore" };

export interface Step {
  plan: Plan;
  /** The block's effects, run once the plan is saved. */
  act?: () => Promise<void>;
  /** For the step log: what came in and what the block made of it. */
  input?: string;
  output?: string;
  error?: string;
  /** A line for the conversation: what the block decided (texts in server/i18n). */
  note?: [TextKey, Record<string, string>?];
}

export type Block<T extends NodeType> = (
  turn: FlowTurn,
  node: FlowNodeOf<T>,
  visit: Visit,
) => Step | Promise<Step>;

export type AnyBlock = (turn: FlowTurn, node: FlowNode, visit: Visit) => Step | Promise<Step>;

/** Entering is the only visit a block that does not wait expects; anything else changes nothing. */
export const entering = (visit: Visit) => visit.kind === "enter";
export const IGNORE: Step = { plan: { kind: "ignore" } };
