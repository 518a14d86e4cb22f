// A flow's versions that nothing needs any more: every save and every Testar draft writes a
// version, and one no run ever walked has no reader once a newer one exists. Versions runs
// walked stay (their step log and the stats read them); so does the newest of each kind, and
// the one before it (a customer's trigger may have read it as published a moment before the
// save, and is about to start its run on it).
import { and, eq, gt, inArray, lt, ne, notExists, or, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { flowRuns, flowVersions } from "../../../db/tenant/flows.ts";

/** Saved versions are numbered 1, 2, …; Testar's drafts -1, -2, … (the newest lowest). */
export interface Keep {
  /** Saved versions numbered from here up stay. */
  savedFrom: number;
  /** Drafts numbered from here down stay. */
  draftsTo: number;
}

/** All of them: the flow is gone. */
export const KEEP_NONE: Keep = { savedFrom: Infinity, draftsTo: -Infinity };

/** After a save numbered `last`: the saved versions before the one before it go; drafts stay. */
export const afterSave = (last: number): Keep => ({ savedFrom: last - 1, draftsTo: 0 });

/** After a draft numbered `lowest`: the drafts before the one before it go; saved versions stay. */
export const afterDraft = (lowest: number): Keep => ({ savedFrom: 1, draftsTo: lowest + 1 });

/**
 * Deletes the flow's unused versions outside `keep` (the unique index on flow_id, number finds
 * them). A draft outside `keep` goes with its ended runs: only Testar walks drafts, and an old
 * test's log is worth less than a bounded table (a test still running keeps its draft).
 */
export async function pruneVersions(t: Tenant, flowId: number, keep: Keep) {
  const saved = Number.isFinite(keep.savedFrom)
    ? and(gt(flowVersions.number, 0), lt(flowVersions.number, keep.savedFrom))
    : gt(flowVersions.number, 0);
  const drafts = Number.isFinite(keep.draftsTo)
    ? and(lt(flowVersions.number, 0), gt(flowVersions.number, keep.draftsTo))
    : lt(flowVersions.number, 0);
  const oldDrafts = t.db.select({ id: flowVersions.id }).from(flowVersions)
    .where(and(eq(flowVersions.flowId, flowId), drafts));
  const walked = t.db.select({ one: sql`1` }).from(flowRuns)
    .where(eq(flowRuns.versionId, flowVersions.id));
  await t.db.batch([
    t.db.delete(flowRuns)
      .where(and(inArray(flowRuns.versionId, oldDrafts), ne(flowRuns.status, "running"))),
    t.db.delete(flowVersions)
      .where(and(eq(flowVersions.flowId, flowId), or(saved, drafts), notExists(walked))),
  ]);
}
