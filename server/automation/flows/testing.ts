// Test support for the flow runtime: flows, versions and campaigns written straight into
// the company's database (their routes are another area's), a graph in a line per block,
// and the run's row and steps read back.
import { desc, eq } from "drizzle-orm";
import type { Bot } from "../testing.ts";
import {
  flowCampaigns,
  flowRuns,
  flows,
  flowSteps,
  flowVersions,
} from "../../../db/tenant/flows.ts";
import { whatsapps } from "../../../db/tenant/schema.ts";
import type {
  FlowEdge,
  FlowGraph,
  FlowNode,
  NodeDataByType,
  NodeType,
} from "../../../contracts/flowGraph.ts";
import type { PhraseMatch } from "../../modules/flows/phrase.ts";
import type { Tenant } from "../../tenancy/registry.ts";

const COMPANY = 1;

/** A block: [id, type, data]; the start block "1" is added. */
export type NodeSpec = { [T in NodeType]: [string, T, NodeDataByType[T]] }[NodeType];
/** An edge: [source, handle (null: the single output), target]. */
export type EdgeSpec = [string, string | null, string];

export function graph(nodes: NodeSpec[], edges: EdgeSpec[]): FlowGraph {
  const all = [["1", "start", {}] as NodeSpec, ...nodes];
  return {
    nodes: all.map(([id, type, data], i) =>
      ({ id, type, data, position: { x: 40, y: 240 * i } }) as FlowNode
    ),
    edges: edges.map(([source, sourceHandle, target], i): FlowEdge => ({
      id: `e${i}`,
      source,
      sourceHandle,
      target,
    })),
  };
}

const db = <T>(bot: Bot, fn: (t: Tenant) => Promise<T>) => bot.s.deps.registry.with(COMPANY, fn);

/** A flow with its first version published; answers its id and the version's. */
export function publish(bot: Bot, g: FlowGraph, opts: { name?: string; active?: boolean } = {}) {
  return db(bot, async (t) => {
    const [f] = await t.db.insert(flows).values({
      name: opts.name ?? "Fluxo",
      active: opts.active ?? true,
    })
      .returning();
    const versionId = await saveVersion(t, f.id, g);
    return { flowId: f.id, versionId };
  });
}

/** A new published version of the flow (an edit): runs in progress keep theirs. */
export function edit(bot: Bot, flowId: number, g: FlowGraph) {
  return db(bot, (t) => saveVersion(t, flowId, g));
}

async function saveVersion(t: Tenant, flowId: number, g: FlowGraph) {
  const d = t.db;
  const [f] = await d.select().from(flows).where(eq(flows.id, flowId));
  const number = f.lastVersion + 1;
  const [v] = await d.insert(flowVersions).values({ flowId, number, graph: g }).returning();
  await d.update(flows).set({ publishedVersionId: v.id, lastVersion: number }).where(
    eq(flows.id, flowId),
  );
  return v.id;
}

export function campaign(
  bot: Bot,
  flowId: number,
  phrase: string,
  match: PhraseMatch = "equals",
  status = true,
) {
  return db(bot, async (t) => {
    const [c] = await t.db.insert(flowCampaigns).values({
      name: phrase,
      flowId,
      whatsappId: bot.whatsappId,
      phrase,
      match,
      status,
    })
      .returning();
    return c.id;
  });
}

export function connectionFlows(
  bot: Bot,
  set: { welcome?: number | null; notPhrase?: number | null },
) {
  return db(
    bot,
    (t) =>
      t.db.update(whatsapps).set({ flowIdWelcome: set.welcome, flowIdNotPhrase: set.notPhrase })
        .where(eq(whatsapps.id, bot.whatsappId)),
  );
}

/** The ticket's latest run. */
export function lastRun(bot: Bot, ticketId: number) {
  return db(bot, async (t) => {
    const [r] = await t.db.select().from(flowRuns).where(eq(flowRuns.ticketId, ticketId))
      .orderBy(desc(flowRuns.id)).limit(1);
    return r;
  });
}

export function runsOf(bot: Bot, ticketId: number) {
  return db(
    bot,
    (t) => t.db.select().from(flowRuns).where(eq(flowRuns.ticketId, ticketId)).orderBy(flowRuns.id),
  );
}

export function stepsOf(bot: Bot, runId: number) {
  return db(
    bot,
    (t) => t.db.select().from(flowSteps).where(eq(flowSteps.runId, runId)).orderBy(flowSteps.id),
  );
}
