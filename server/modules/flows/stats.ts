// Where customers drop off (ours, GET /flowbuilder/{id}/stats): of the flow's runs started
// in the last N days, how many reached each block and how many ended there, by how they
// ended. Both counts are over the same runs, so "reached" minus the ends further on is who
// is still in the flow. From the runtime's rows (flow_runs, flow_steps), read only.
import { and, countDistinct, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import { flowRuns, flowSteps } from "../../../db/tenant/flows.ts";
import { getFlowRow } from "./flows.ts";

export const statsQuery = z.object({
  days: z.coerce.number().int().min(1).max(365).optional().default(30),
});

export interface NodeStats {
  nodeId: string;
  /** Runs that reached the block. */
  reached: number;
  /** Runs that ended at the block, in all and by how. */
  ended: number;
  done: number;
  stopped: number;
  failed: number;
}

export async function flowStats(t: Tenant, flowId: number, days: number, now: Date) {
  await getFlowRow(t, flowId);
  const since = new Date(now.getTime() - days * 86_400_000).toISOString();
  // Testar's runs are the editor's own, not customers dropping off.
  const inWindow = and(
    eq(flowRuns.flowId, flowId),
    gte(flowRuns.startedAt, since),
    ne(flowRuns.trigger, "test"),
  );
  // The window's runs by flow_runs_flow_started_idx, each run's steps by flow_steps_run_idx.
  const reached = await t.db.select({ nodeId: flowSteps.node, n: countDistinct(flowSteps.runId) })
    .from(flowRuns).innerJoin(flowSteps, eq(flowSteps.runId, flowRuns.id))
    .where(inWindow).groupBy(flowSteps.node);
  const ends = await t.db.select({
    nodeId: sql<string>`${flowRuns.endNode}`,
    done: sql<number>`sum(${flowRuns.status} = 'done')`,
    stopped: sql<number>`sum(${flowRuns.status} = 'stopped')`,
    failed: sql<number>`sum(${flowRuns.status} = 'failed')`,
  }).from(flowRuns).where(
    and(inWindow, ne(flowRuns.status, "running"), isNotNull(flowRuns.endNode)),
  )
    .groupBy(flowRuns.endNode);

  const byNode = new Map<string, NodeStats>();
  const entry = (nodeId: string) =>
    byNode.get(nodeId) ??
      byNode.set(nodeId, { nodeId, reached: 0, ended: 0, done: 0, stopped: 0, failed: 0 }).get(
        nodeId,
      )!;
  for (const r of reached) entry(r.nodeId).reached = r.n;
  for (const e of ends) {
    const s = entry(e.nodeId);
    s.done = Number(e.done);
    s.stopped = Number(e.stopped);
    s.failed = Number(e.failed);
    s.ended = s.done + s.stopped + s.failed;
  }
  const [{ runs }] = await t.db.select({ runs: sql<number>`count(*)` }).from(flowRuns).where(
    inWindow,
  );
  return { flowId, days, since, runs: Number(runs), nodes: [...byNode.values()] };
}
