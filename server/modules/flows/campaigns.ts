// Flow campaigns (seed 002 "Flow campaigns", the /phrase-lists page): a phrase that starts a
// flow on one connection, matched as the campaign says (ours: equals by default, contains,
// startsWith, regex; phrase.ts). Two active campaigns of one connection never answer the
// same phrase the same way, so a message starts at most one of them.
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { recordId } from "../../http/validate.ts";
import { flowCampaigns, PHRASE_MATCHES } from "../../../db/tenant/flows.ts";
import { whatsapps } from "../../../db/tenant/schema.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { type FlowsCtx, getFlowRow } from "./flows.ts";
import { flowsAtATime } from "../../tenancy/one-at-a-time.ts";
import { PHRASE_MAX, phraseKey, regexProblem } from "./phrase.ts";

/** Bound of the list (the original client reads every campaign with one GET). */
const MAX_LISTED = 1000;

const fields = {
  name: z.string().trim().min(1).max(100),
  flowId: recordId,
  whatsappId: recordId,
  phrase: z.string().trim().min(1).max(PHRASE_MAX),
  match: z.enum(PHRASE_MATCHES),
  status: z.boolean(),
};
export const campaignCreate = z.object(fields).partial({ match: true, status: true });
export const campaignUpdate = z.object({ id: recordId, ...fields }).partial().required({
  id: true,
});

type CampaignRow = typeof flowCampaigns.$inferSelect;
type CampaignCtx = Pick<FlowsCtx, "tenant" | "hub">;

export async function listCampaigns(t: Tenant) {
  const flow = await t.db.select().from(flowCampaigns).orderBy(
    asc(flowCampaigns.name),
    asc(flowCampaigns.id),
  )
    .limit(MAX_LISTED);
  // "flow": the original client's name for the list (res.data.flow).
  return { flow };
}

export async function getCampaign(t: Tenant, id: number): Promise<CampaignRow> {
  const [row] = await t.db.select().from(flowCampaigns).where(eq(flowCampaigns.id, id));
  if (!row) throw notFound("ERR_NO_FLOW_CAMPAIGN_FOUND");
  return row;
}

export function createCampaign(ctx: CampaignCtx, input: z.infer<typeof campaignCreate>) {
  return flowsAtATime(ctx.tenant.companyId, async () => {
    const values = { ...input, match: input.match ?? "equals", status: input.status ?? true };
    await checkCampaign(ctx.tenant, values);
    const [row] = await ctx.tenant.db.insert(flowCampaigns).values(values).returning();
    return publish(ctx, "create", row);
  });
}

export function updateCampaign(ctx: CampaignCtx, input: z.infer<typeof campaignUpdate>) {
  return flowsAtATime(ctx.tenant.companyId, async () => {
    const { id, ...changes } = input;
    const current = await getCampaign(ctx.tenant, id);
    await checkCampaign(ctx.tenant, { ...current, ...changes }, id);
    const [row] = await ctx.tenant.db.update(flowCampaigns).set({
      ...changes,
      updatedAt: new Date().toISOString(),
    })
      .where(eq(flowCampaigns.id, id)).returning();
    return publish(ctx, "update", row);
  });
}

export async function deleteCampaign(ctx: CampaignCtx, id: number) {
  await getCampaign(ctx.tenant, id);
  await ctx.tenant.db.delete(flowCampaigns).where(eq(flowCampaigns.id, id));
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "flowCampaign"), {
    action: "delete",
    id,
  });
}

type Checked = Pick<CampaignRow, "flowId" | "whatsappId" | "phrase" | "match" | "status">;

async function checkCampaign(t: Tenant, c: Checked, self?: number) {
  await getFlowRow(t, c.flowId);
  const [w] = await t.db.select({ id: whatsapps.id }).from(whatsapps).where(
    eq(whatsapps.id, c.whatsappId),
  );
  if (!w) {
    throw new AppError("ERR_NO_WAPP_FOUND", 404, "no connection found with this ID", {
      field: "whatsappId",
    });
  }
  if (c.match === "regex") {
    const problem = regexProblem(c.phrase);
    if (problem) {
      throw new AppError("ERR_FLOW_CAMPAIGN_REGEX", 400, `phrase: ${problem} regular expression`, {
        field: "phrase",
        reason: problem,
      });
    }
  }
  if (!c.status) return;
  const key = phraseKey(c.phrase, c.match);
  const active = await t.db.select({
    id: flowCampaigns.id,
    phrase: flowCampaigns.phrase,
    match: flowCampaigns.match,
  })
    .from(flowCampaigns).where(
      and(eq(flowCampaigns.whatsappId, c.whatsappId), eq(flowCampaigns.status, true)),
    );
  const clash = active.find((o) =>
    o.id !== self && o.match === c.match && phraseKey(o.phrase, o.match) === key
  );
  if (clash) {
    throw new AppError(
      "ERR_FLOW_CAMPAIGN_PHRASE_TAKEN",
      409,
      "an active flow campaign of this connection already answers this phrase",
      {
        field: "phrase",
        campaignId: clash.id,
      },
    );
  }
}

function publish(ctx: CampaignCtx, action: "create" | "update", record: CampaignRow) {
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "flowCampaign"), {
    action,
    record,
  });
  return record;
}
