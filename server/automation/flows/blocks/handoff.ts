// Blocks that hand the conversation on: the ticket block (into its queue, to its user when
// set, through the system's move so every event fires; the run is done and people take
// over), the OpenAI block (to its AI agent, which answers as a connection's or a queue's
// does, agents/program.ts, until it hands over to the block's queue: then the run ends), and
// the one the runtime cannot run yet (typebot: a run that meets it ends as failed, logged,
// and the conversation goes to people).
import type { FlowNode } from "../../../../contracts/flowGraph.ts";
import { type Block, entering, IGNORE, type Step } from "./block.ts";

export const ticket: Block<"ticket"> = (turn, node, visit) => {
  if (!entering(visit)) return IGNORE;
  const { queueId, queueName, userId } = node.data;
  return {
    plan: { kind: "end", status: "done", reason: "ticket" },
    act: async () => {
      await turn.move({ queueId: queueId ?? null, ...(userId ? { userId } : {}), chatbot: false });
      turn.note("flow.note.ticket", { queue: turn.ticket.queue?.name ?? queueName ?? "-" });
    },
    output: `queue ${queueId ?? "-"}${userId ? ` user ${userId}` : ""}`,
  };
};

export const openai: Block<"openai"> = (_turn, node, visit) => {
  if (!entering(visit)) return IGNORE;
  return {
    plan: { kind: "agent" },
    output: `agent ${node.data.name} (queue ${node.data.queueId ?? "-"})`,
    note: ["flow.note.agent", { agent: node.data.name }],
  };
};

export const notRunnable = (_turn: unknown, node: FlowNode): Step => ({
  plan: { kind: "end", status: "failed", reason: "notRunnable" },
  error: `${node.type} blocks are not runnable yet`,
});
