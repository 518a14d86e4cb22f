// A conversation a flow's block handed to an AI agent (OpenAI block) or to Typebot (TypeBot
// block) stops: the program stops and the run ends with it, as `status`, with a step that
// says why, announced to whoever follows the flow's runs. Used by the programs that took it.
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { flowSteps } from "../../../db/tenant/flows.ts";
import { stopProgram } from "../state.ts";
import { announceRun } from "./turn.ts";

export type HandedStatus = "done" | "failed";

/** false: the program had stopped already (a person took over first). */
export async function stopHandedOver(
  hub: Hub,
  t: Tenant,
  ticketId: number,
  reason: string,
  status: HandedStatus,
  nodeType: "openai" | "typebot",
): Promise<boolean> {
  const { stopped, run } = await stopProgram(t, ticketId, reason, status);
  if (!run) return stopped;
  const node = run.node ?? "";
  await t.db.insert(flowSteps).values({
    runId: run.runId,
    flowId: run.flowId,
    node,
    nodeType,
    output: reason,
    error: status === "failed" ? reason : null,
  });
  announceRun(hub, t.companyId, { runId: run.runId, flowId: run.flowId, ticketId, node, status });
  return stopped;
}
