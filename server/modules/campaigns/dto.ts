// A campaign as the screens and the live events see it: the row, the names of its
// connection and list, and its progress counted on the shipping index.
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { notFound } from "../../http/errors.ts";
import { whatsapps } from "../../../db/tenant/schema.ts";
import { campaigns, campaignShipping, contactListItems, contactLists } from "../../../db/tenant/campaigns.ts";
import type { CampaignProgress } from "../../../contracts/campaigns.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignDto = CampaignRow & {
  whatsapp: { id: number; name: string } | null;
  contactList: { id: number; name: string } | null;
  progress: CampaignProgress;
};

export async function campaignProgress(t: Tenant, c: Pick<CampaignRow, "id" | "contactListId">): Promise<CampaignProgress> {
  const [valid] = c.contactListId
    ? await t.db.select({ n: count() }).from(contactListItems)
      .where(and(eq(contactListItems.contactListId, c.contactListId), eq(contactListItems.isWhatsappValid, true)))
    : [{ n: 0 }];
  const byStatus = await t.db.select({ status: campaignShipping.status, n: count() }).from(campaignShipping)
    .where(eq(campaignShipping.campaignId, c.id)).groupBy(campaignShipping.status);
  const [delivered] = await t.db.select({ n: count() }).from(campaignShipping)
    .where(and(eq(campaignShipping.campaignId, c.id), isNotNull(campaignShipping.deliveredAt)));
  const of = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
  const p = { valid: valid.n, sent: of("sent"), delivered: delivered.n, failed: of("failed"), unknown: of("unknown") };
  const settled = p.sent + p.failed + p.unknown;
  const percent = p.valid === 0 ? 0 : Math.min(100, Math.floor((settled / p.valid) * 100));
  return { ...p, percent };
}

export async function loadCampaign(t: Tenant, id: number): Promise<CampaignDto> {
  const [row] = await t.db.select({
    c: campaigns,
    whatsapp: sql<string | null>`${whatsapps.name}`,
    contactList: sql<string | null>`${contactLists.name}`,
  }).from(campaigns)
    .leftJoin(whatsapps, eq(whatsapps.id, campaigns.whatsappId))
    .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
    .where(eq(campaigns.id, id));
  if (!row) throw notFound("ERR_NO_CAMPAIGN_FOUND");
  return toDto(t, row.c, row.whatsapp, row.contactList);
}

export async function toDto(t: Tenant, c: CampaignRow, whatsapp: string | null, contactList: string | null): Promise<CampaignDto> {
  return {
    ...c,
    whatsapp: c.whatsappId && whatsapp !== null ? { id: c.whatsappId, name: whatsapp } : null,
    contactList: c.contactListId && contactList !== null ? { id: c.contactListId, name: contactList } : null,
    progress: await campaignProgress(t, c),
  };
}

/** Tells the company's screens (company-{c}-campaign, the spec's channel) the campaign as it is now. */
export async function publishCampaign(hub: Hub, t: Tenant, id: number) {
  const record = await loadCampaign(t, id).catch(() => null);
  if (record) hub.publish(t.companyId, companyEvent(t.companyId, "campaign"), { action: "update", record });
}
