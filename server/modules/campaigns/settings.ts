// Campaign settings (seed 002): one row per key in campaign_settings, the value as JSON.
// Read by the settings page and by the dispatcher before each campaign pass.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import { campaignSettings } from "../../../db/tenant/campaigns.ts";
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSettings,
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from "../../../contracts/campaigns.ts";
import { AppError } from "../../http/errors.ts";

const oneOf = (options: readonly number[]) =>
  z.coerce.number().int().refine((n) => options.includes(n), { message: `one of ${options.join(", ")}` });

const variable = z.object({
  // A key is used as {key} in the variants: letters, digits, _ and -.
  key: z.string().trim().min(1).max(40).regex(/^[\p{L}\p{N}_-]+$/u),
  value: z.string().max(1000),
});

export const settingsInput = z.object({
  messageInterval: oneOf(MESSAGE_INTERVAL_OPTIONS),
  longerIntervalAfter: oneOf(LONGER_INTERVAL_OPTIONS),
  greaterInterval: oneOf(LONGER_INTERVAL_OPTIONS),
  variables: z.array(variable).max(100),
}).partial();

export async function readCampaignSettings(t: Tenant): Promise<CampaignSettings> {
  const rows = await t.db.select().from(campaignSettings);
  const stored: Record<string, unknown> = {};
  for (const r of rows) {
    try {
      stored[r.key] = JSON.parse(r.value);
    } catch {
      // A value that is not JSON is ignored: the default stands.
    }
  }
  const parsed = settingsInput.safeParse(stored);
  return { ...CAMPAIGN_SETTINGS_DEFAULTS, ...(parsed.success ? parsed.data : {}) };
}

/** Saves the keys given; variable keys must be unique (ERR_CAMPAIGN_VARIABLE_KEY_TAKEN). */
export async function saveCampaignSettings(t: Tenant, input: z.infer<typeof settingsInput>): Promise<CampaignSettings> {
  if (input.variables) {
    const keys = new Set<string>();
    for (const v of input.variables) {
      if (keys.has(v.key)) throw new AppError("ERR_CAMPAIGN_VARIABLE_KEY_TAKEN", 400, `variable {${v.key}} twice`);
      keys.add(v.key);
    }
  }
  const entries = Object.entries(input).filter(([, v]) => v !== undefined);
  if (entries.length) {
    await t.db.insert(campaignSettings).values(entries.map(([key, value]) => ({ key, value: JSON.stringify(value) })))
      .onConflictDoUpdate({
        target: campaignSettings.key,
        set: { value: sql`excluded.value`, updatedAt: new Date().toISOString() },
      });
  }
  return await readCampaignSettings(t);
}
