// A flow's graph: read as the original client's wire shape (contracts/flowWire.ts), checked
// by the one validator (contracts/flowCheck.ts), and saved as a new immutable version that
// new conversations start on (publish on save). A conversation already in the flow keeps
// the version it started on.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { MediaStore } from "../../media/store.ts";
import { AppError } from "../../http/errors.ts";
import { recordId } from "../../http/validate.ts";
import { flows, flowVersions } from "../../../db/tenant/flows.ts";
import { queues } from "../../../db/tenant/schema.ts";
import type { FlowGraph, FlowNode } from "../../../contracts/flowGraph.ts";
import { fromWire, toWire } from "../../../contracts/flowWire.ts";
import { checkFlow, type FlowProblem } from "../../../contracts/flowCheck.ts";
import { flowDto, type FlowsCtx, getFlowRow, publishFlow } from "./flows.ts";
import { flowsAtATime } from "../../tenancy/one-at-a-time.ts";
import { afterSave, pruneVersions } from "./prune.ts";
import { maskGraph, sealGraph } from "./secrets.ts";
import type { SecretBox } from "../../secrets/box.ts";
import type { AddressPolicy } from "../../integrations/addresses.ts";

/** POST /flowbuilder/flow as the original client sends it: raw React Flow nodes and edges. */
export const graphSave = z.object({
  idFlow: recordId,
  nodes: z.unknown(),
  connections: z.unknown(),
});

/**
 * GET /flowbuilder/flow/{id}: the flow with its last saved graph in the client's shape (its
 * OpenAI blocks' keys masked), or null before the first save.
 */
export async function getFlowGraph(t: Tenant, secrets: SecretBox, id: number) {
  const row = await getFlowRow(t, id);
  const graph = await versionGraph(t, id, row.lastVersion);
  const shown = graph ? toWire(await maskGraph(secrets, t.companyId, graph)) : null;
  return { flow: { ...flowDto(row), flow: shown } };
}

/** The graph of one version of a flow (number 0: none). */
async function versionGraph(t: Tenant, flowId: number, number: number): Promise<FlowGraph | null> {
  if (number === 0) return null;
  const [v] = await t.db.select({ graph: flowVersions.graph }).from(flowVersions)
    .where(and(eq(flowVersions.flowId, flowId), eq(flowVersions.number, number)));
  return v ? v.graph as FlowGraph : null;
}

/**
 * Saves the graph as the flow's next version and publishes it, or refuses it whole with
 * ERR_FLOW_INVALID and the validator's problems (nothing written). One at a time with the
 * company's other flow writes: two saves never take one number, a deleted flow gets none.
 */
export function saveFlowGraph(
  ctx: FlowsCtx & GraphDeps,
  input: z.infer<typeof graphSave>,
) {
  return flowsAtATime(ctx.tenant.companyId, () => saveGraph(ctx, input));
}

export interface GraphDeps {
  media: MediaStore;
  secrets: SecretBox;
  addresses: AddressPolicy;
}

/**
 * The client's nodes and edges as a graph the runtime can run, its keys sealed (a masked one
 * keeps the key of the flow's last saved version), or ERR_FLOW_INVALID with the validator's
 * problems (a save and a test of the draft refuse the same graphs).
 */
export async function runnableGraph(
  t: Tenant,
  deps: GraphDeps,
  flow: { id: number; lastVersion: number },
  nodes: unknown,
  connections: unknown,
): Promise<FlowGraph> {
  const graph = fromWire(nodes, connections);
  const queueIds = new Set((await t.db.select({ id: queues.id }).from(queues)).map((q) => q.id));
  const stored = await versionGraph(t, flow.id, flow.lastVersion);
  const sealed = await sealGraph(deps.secrets, t.companyId, graph, stored);
  const problems = [
    ...checkFlow(graph, { queueIds }),
    ...sealed.problems,
    ...await mediaProblems(deps.media, t.companyId, graph),
  ];
  if (problems.length) {
    throw new AppError("ERR_FLOW_INVALID", 400, "the flow cannot run as drawn; nothing was saved", {
      problems,
    });
  }
  await checkAddresses(deps.addresses, graph);
  return sealed.graph;
}

async function saveGraph(ctx: FlowsCtx & GraphDeps, input: z.infer<typeof graphSave>) {
  const t = ctx.tenant;
  const row = await getFlowRow(t, input.idFlow);
  const graph = await runnableGraph(t, ctx, row, input.nodes, input.connections);
  const number = row.lastVersion + 1;
  const published =
    sql`(SELECT ${flowVersions.id} FROM ${flowVersions} WHERE ${flowVersions.flowId} = ${row.id} AND ${flowVersions.number} = ${number})`;
  // One batch, one transaction: the version and the flow pointing at it.
  const [, [saved]] = await t.db.batch([
    t.db.insert(flowVersions).values({ flowId: row.id, number, graph, userId: ctx.userId }),
    t.db.update(flows).set({
      publishedVersionId: published,
      lastVersion: number,
      updatedAt: new Date().toISOString(),
    })
      .where(eq(flows.id, row.id)).returning(),
  ]);
  await pruneVersions(t, row.id, afterSave(number));
  publishFlow(ctx, "update", flowDto(saved));
  return { id: row.id, version: number };
}

/** The servers the OpenAI and TypeBot blocks name, refused as the AI agents' and integrations' are. */
async function checkAddresses(policy: AddressPolicy, graph: FlowGraph) {
  for (const node of graph.nodes) {
    if (node.type === "openai" && node.data.baseUrl.trim()) {
      await policy.check(node.data.baseUrl.trim(), "baseUrl");
    }
    if (node.type === "typebot") await policy.check(node.data.url.trim(), "url");
  }
}

const MEDIA_TYPES: ReadonlySet<FlowNode["type"]> = new Set(["img", "audio", "video"]);

/**
 * Media a block names that is not one of this company's stored files (another company's,
 * a deleted one, or the original product's bare file names): the block is reported as
 * without media, as the runtime could not send it.
 */
async function mediaProblems(
  store: MediaStore,
  companyId: number,
  graph: FlowGraph,
): Promise<FlowProblem[]> {
  const out: FlowProblem[] = [];
  // An empty name is the validator's to report.
  const stored = async (name: string) => {
    if (name.trim() === "") return true;
    const [folder, file, ...rest] = name.split("/");
    return folder === String(companyId) && file !== undefined && !rest.length &&
      await store.open(companyId, file) !== null;
  };
  for (const node of graph.nodes) {
    const names = MEDIA_TYPES.has(node.type)
      ? [(node.data as { url: string }).url]
      : node.type === "content"
      ? node.data.elements.filter((e) => e.type !== "message" && e.type !== "interval").map((e) =>
        e.value
      )
      : [];
    for (const name of names) {
      if (!await stored(name)) {
        out.push({ nodeId: node.id, code: "emptyMedia" });
        break;
      }
    }
  }
  return out;
}
