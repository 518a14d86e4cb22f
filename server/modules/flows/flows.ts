// Flows of the flow builder as a list (seed 002 "Flow builder"): a name and a switch per
// flow; what a flow does lives in its versions (versions.ts). Admins and supervisors (the
// campaigns area's people; the routes check it); the plan's useCampaigns flag is the app's
// plan gate's.
import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { likePattern, pageOf, pageWindow } from "../../http/paging.ts";
import { flowsAtATime } from "../../tenancy/one-at-a-time.ts";
import { KEEP_NONE, pruneVersions } from "./prune.ts";
import { recordId } from "../../http/validate.ts";
import { flowCampaigns, flowRuns, flows, flowVersions } from "../../../db/tenant/flows.ts";
import { whatsapps } from "../../../db/tenant/schema.ts";
import { queueIntegrations } from "../../../db/tenant/integrations.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

export interface FlowsCtx {
  tenant: Tenant;
  hub: Hub;
  userId: number;
}

const PAGE_SIZE = 20;
/** Bound of the unpaged list (the original client reads every flow with one GET, for its choosers). */
const MAX_LISTED = 1000;
/** How many of the records that hold a flow a refusal names. */
const NAMED = 20;

/** Seed 002's flow name: 2 to 50 characters ('Muito curto!', 'Muito longo!', 'Digite um nome!'). */
const flowName = z.string().trim().min(2).max(50);

export const flowsQuery = z.object({
  searchParam: z.string().max(100).optional().default(""),
  // Absent: every flow (the original client's choosers and list send none).
  pageNumber: z.coerce.number().int().min(1).max(100000).optional(),
});
export const flowCreate = z.object({ name: flowName });
export const flowUpdate = z.object({
  flowId: recordId,
  name: flowName.optional(),
  active: z.boolean().optional(),
})
  .refine((v) => v.name !== undefined || v.active !== undefined, {
    message: "send name or active",
    path: ["name"],
  });
export const flowDuplicate = z.object({ flowId: recordId });

type FlowRow = typeof flows.$inferSelect;

/** A flow as the lists show it: the original's {id, name, active} and the number of its last saved version. */
export interface FlowDto {
  id: number;
  name: string;
  active: boolean;
  /** The last saved version's number (0: never saved). */
  version: number;
  /** Whether a version is published: a flow without one starts nothing. */
  published: boolean;
  createdAt: string;
  updatedAt: string;
}

export const flowDto = (r: FlowRow): FlowDto => ({
  id: r.id,
  name: r.name,
  active: r.active,
  version: r.lastVersion,
  published: r.publishedVersionId !== null,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const nowIso = () => new Date().toISOString();

export async function pageFlows(ctx: Pick<FlowsCtx, "tenant">, q: z.infer<typeof flowsQuery>) {
  const term = q.searchParam.trim();
  const where = term ? sql`lower(${flows.name}) LIKE ${likePattern(term)} ESCAPE '\\'` : undefined;
  const { limit, offset } = q.pageNumber
    ? pageWindow(q.pageNumber, PAGE_SIZE)
    : pageWindow(1, MAX_LISTED);
  const rows = await ctx.tenant.db.select().from(flows).where(where)
    .orderBy(asc(flows.name), asc(flows.id)).limit(limit).offset(offset);
  const [{ n }] = await ctx.tenant.db.select({ n: count() }).from(flows).where(where);
  const page = pageOf(rows, q.pageNumber ? PAGE_SIZE : MAX_LISTED);
  return { flows: page.rows.map(flowDto), count: n, hasMore: page.hasMore };
}

export async function getFlowRow(t: Tenant, id: number): Promise<FlowRow> {
  const [row] = await t.db.select().from(flows).where(eq(flows.id, id));
  if (!row) throw notFound("ERR_NO_FLOW_FOUND");
  return row;
}

async function assertFreeName(t: Tenant, name: string, except?: number) {
  const [clash] = await t.db.select({ id: flows.id }).from(flows).where(eq(flows.name, name));
  if (clash && clash.id !== except) {
    throw new AppError("ERR_FLOW_NAME_EXISTS", 409, "a flow with this name already exists", {
      field: "name",
    });
  }
}

export function createFlow(ctx: FlowsCtx, input: z.infer<typeof flowCreate>): Promise<FlowDto> {
  return flowsAtATime(ctx.tenant.companyId, async () => {
    await assertFreeName(ctx.tenant, input.name);
    const [row] = await ctx.tenant.db.insert(flows).values({ name: input.name }).returning();
    return publishFlow(ctx, "create", flowDto(row));
  });
}

export function updateFlow(ctx: FlowsCtx, input: z.infer<typeof flowUpdate>): Promise<FlowDto> {
  return flowsAtATime(ctx.tenant.companyId, async () => {
    await getFlowRow(ctx.tenant, input.flowId);
    if (input.name !== undefined) await assertFreeName(ctx.tenant, input.name, input.flowId);
    const [row] = await ctx.tenant.db.update(flows).set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      updatedAt: nowIso(),
    }).where(eq(flows.id, input.flowId)).returning();
    return publishFlow(ctx, "update", flowDto(row));
  });
}

/**
 * Deletes a flow nothing uses: refused while a flow campaign starts it (active or not), a
 * connection starts it (welcome or not-phrase flow) or a customer is walking it. The versions
 * its past runs walked stay (their step log and the tickets' collected data); the others go.
 */
export function deleteFlow(ctx: FlowsCtx, id: number): Promise<void> {
  return flowsAtATime(ctx.tenant.companyId, async () => {
    const t = ctx.tenant;
    await getFlowRow(t, id);
    const campaigns = await t.db.select({ id: flowCampaigns.id, name: flowCampaigns.name }).from(
      flowCampaigns,
    )
      .where(eq(flowCampaigns.flowId, id)).orderBy(asc(flowCampaigns.id)).limit(NAMED);
    if (campaigns.length) {
      throw new AppError("ERR_FLOW_USED_BY_CAMPAIGN", 409, "flow campaigns start this flow", {
        campaigns,
      });
    }
    const connections = await t.db.select({ id: whatsapps.id, name: whatsapps.name }).from(
      whatsapps,
    )
      .where(or(eq(whatsapps.flowIdWelcome, id), eq(whatsapps.flowIdNotPhrase, id))).orderBy(
        asc(whatsapps.id),
      );
    if (connections.length) {
      throw new AppError("ERR_FLOW_USED_BY_CONNECTION", 409, "a connection starts this flow", {
        whatsapps: connections,
      });
    }
    const integrations = await t.db.select({
      id: queueIntegrations.id,
      name: queueIntegrations.name,
    })
      .from(queueIntegrations).where(eq(queueIntegrations.flowId, id)).orderBy(
        asc(queueIntegrations.id),
      ).limit(NAMED);
    if (integrations.length) {
      throw new AppError(
        "ERR_FLOW_USED_BY_INTEGRATION",
        409,
        "a flowbuilder integration runs this flow",
        {
          queueIntegrations: integrations,
        },
      );
    }
    const runs = await runningRuns(t, id);
    if (runs > 0) {
      throw new AppError("ERR_FLOW_RUNNING", 409, "customers are walking this flow now", { runs });
    }
    await t.db.delete(flows).where(eq(flows.id, id));
    await pruneVersions(t, id, KEEP_NONE);
    ctx.hub.publish(t.companyId, companyEvent(t.companyId, "flow"), { action: "delete", id });
  });
}

/** Runs of any of the flow's versions still going (the partial index of running runs by version). */
export async function runningRuns(t: Tenant, flowId: number) {
  const versions = t.db.select({ id: flowVersions.id }).from(flowVersions).where(
    eq(flowVersions.flowId, flowId),
  );
  const [{ n }] = await t.db.select({ n: count() }).from(flowRuns)
    .where(and(inArray(flowRuns.versionId, versions), eq(flowRuns.status, "running")));
  return n;
}

const COPY: Record<Tenant["language"], string> = { pt: "cópia", en: "copy", es: "copia" };

/** "Name (cópia)", then "Name (cópia 2)"...: the first free one, the name cut to keep 50 characters. */
async function copyName(t: Tenant, name: string) {
  for (let n = 1; n <= 100; n++) {
    const suffix = ` (${COPY[t.language]}${n > 1 ? ` ${n}` : ""})`;
    const candidate = name.slice(0, 50 - suffix.length).trimEnd() + suffix;
    const [clash] = await t.db.select({ id: flows.id }).from(flows).where(
      eq(flows.name, candidate),
    );
    if (!clash) return candidate;
  }
  throw new AppError("ERR_FLOW_NAME_EXISTS", 409, "too many copies of this flow; rename some", {
    field: "name",
  });
}

/** A new flow whose version 1 is the flow's last saved version (none if it was never saved). */
export function duplicateFlow(ctx: FlowsCtx, sourceId: number): Promise<FlowDto> {
  const t = ctx.tenant;
  return flowsAtATime(t.companyId, async () => {
    const source = await getFlowRow(t, sourceId);
    const [last] = source.lastVersion > 0
      ? await t.db.select({ graph: flowVersions.graph }).from(flowVersions)
        .where(and(eq(flowVersions.flowId, sourceId), eq(flowVersions.number, source.lastVersion)))
      : [];
    const name = await copyName(t, source.name);
    // One transaction: a copy is never left without the version it copies.
    const row = await t.db.transaction(async (tx) => {
      const [copy] = await tx.insert(flows).values({ name, active: source.active }).returning();
      if (!last) return copy;
      const [version] = await tx.insert(flowVersions)
        .values({ flowId: copy.id, number: 1, graph: last.graph, userId: ctx.userId }).returning({
          id: flowVersions.id,
        });
      const [saved] = await tx.update(flows).set({ publishedVersionId: version.id, lastVersion: 1 })
        .where(eq(flows.id, copy.id)).returning();
      return saved;
    });
    return publishFlow(ctx, "create", flowDto(row));
  });
}

export function publishFlow(
  ctx: Pick<FlowsCtx, "tenant" | "hub">,
  action: "create" | "update",
  record: FlowDto,
) {
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "flow"), {
    action,
    record,
  });
  return record;
}
