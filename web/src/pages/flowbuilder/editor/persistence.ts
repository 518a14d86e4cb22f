/**
 * Loading and saving a flow: the original client's wire shape read into our document and
 * written back (contracts/flowWire.ts), checked by the one validator before it goes
 * (contracts/flowCheck.ts), and the server's refusal (400 ERR_FLOW_INVALID) read back as
 * the blocks to mark.
 */
import { checkFlow, type FlowProblem } from "../../../../../contracts/flowCheck.ts";
import type { FlowGraph } from "../../../../../contracts/flowGraph.ts";
import { fromWire, toWire } from "../../../../../contracts/flowWire.ts";
import { api, isApiError } from "../../../api/index.ts";
import type { FlowWithGraph } from "../../../api/flows.ts";
import { emptyGraph } from "./graphActions.ts";

export async function loadFlow(id: number): Promise<{ flow: FlowWithGraph; graph: FlowGraph }> {
  const flow = await api.flows.graph(id);
  const graph = flow.flow ? fromWire(flow.flow.nodes, flow.flow.connections) : emptyGraph();
  // A flow saved empty by another client still opens with its start block.
  return { flow, graph: graph.nodes.length === 0 && !graph.unreadable ? emptyGraph() : graph };
}

export type SaveOutcome =
  | { saved: true; version: number | undefined }
  | { saved: false; problems: FlowProblem[] };

/** Sends the graph once the validator passes it; its problems (or the server's) otherwise. */
export async function saveFlow(id: number, graph: FlowGraph): Promise<SaveOutcome> {
  const problems = checkFlow(graph);
  if (problems.length) return { saved: false, problems };
  try {
    const answer = await api.flows.save(id, toWire(graph));
    return { saved: true, version: typeof answer?.version === "number" ? answer.version : undefined };
  } catch (error) {
    const refused = refusedProblems(error);
    if (refused) return { saved: false, problems: refused };
    throw error;
  }
}

/** The problems of a 400 ERR_FLOW_INVALID ({ problems: [{ nodeId, code, handle? }] }); null for another error. */
export function refusedProblems(error: unknown): FlowProblem[] | null {
  if (!isApiError(error) || error.code !== "ERR_FLOW_INVALID") return null;
  const list = error.details.problems;
  if (!Array.isArray(list)) return [];
  return list.flatMap((p): FlowProblem[] => {
    const item = p as Record<string, unknown> | null;
    if (!item || typeof item.code !== "string") return [];
    const nodeId = typeof item.nodeId === "string" ? item.nodeId : null;
    const handle = typeof item.handle === "string" ? item.handle : undefined;
    return [{ nodeId, code: item.code as FlowProblem["code"], ...(handle ? { handle } : {}) }];
  });
}
