// Blocks that hand the conversation on: the ticket block (into its queue, to its user when
// set, through the system's move so every event fires; the run is done and people take
// over), the OpenAI block (to its AI agent, which answers as a connection's or a queue's
// does, agents/program.ts, until it hands over to the block's queue: then the run ends), and
// the TypeBot block (to its Typebot, which talks as a queue integration does,
// integrations/program.ts, until it hands over or ends: then the run ends).
import { type Block, entering, IGNORE } from "./block.ts";

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

export const typebot: Block<"typebot"> = (_turn, node, visit) => {
  if (!entering(visit)) return IGNORE;
  return {
    plan: { kind: "integration" },
    output: `typebot ${node.data.typebotSlug}`,
    note: ["flow.note.typebot", { bot: node.data.typebotSlug }],
  };
};
