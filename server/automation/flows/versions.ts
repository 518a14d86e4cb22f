// A run walks the version it started on, never the flow's latest. A version never changes
// once written, so its graph is read once and kept per open database (a handle evicted
// from the registry takes its graphs with it), bounded, so many versions in use cost a
// read now and then, never memory without end.
import { eq } from "drizzle-orm";
import type { Tenant, TenantDb } from "../../tenancy/registry.ts";
import { flowVersions } from "../../../db/tenant/flows.ts";
import type { FlowGraph } from "../../../contracts/flowGraph.ts";

const MAX = 200;
const caches = new WeakMap<TenantDb, Map<number, FlowGraph>>();

/** The version's graph (null: no such version, or not a graph at all). */
export async function versionGraph(t: Tenant, versionId: number): Promise<FlowGraph | null> {
  let cache = caches.get(t.db);
  if (!cache) caches.set(t.db, cache = new Map());
  const hit = cache.get(versionId);
  if (hit) {
    // Most recently used last: the oldest goes first when the cache is full.
    cache.delete(versionId);
    cache.set(versionId, hit);
    return hit;
  }
  const [row] = await t.db.select({ graph: flowVersions.graph }).from(flowVersions)
    .where(eq(flowVersions.id, versionId));
  const graph = asGraph(row?.graph);
  if (!graph) return null;
  cache.set(versionId, graph);
  if (cache.size > MAX) cache.delete(cache.keys().next().value!);
  return graph;
}

function asGraph(v: unknown): FlowGraph | null {
  const g = typeof v === "string" ? safeJson(v) : v;
  if (!g || typeof g !== "object") return null;
  const { nodes, edges } = g as Partial<FlowGraph>;
  return Array.isArray(nodes) && Array.isArray(edges) ? { nodes, edges } : null;
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}
