// Campaign settings (seed 002, and issue 19's guards: minimum gap, daily cap and its ramp,
// send window, typing): one row per key in campaign_settings, the value as JSON. Read by
// the settings page and by the dispatcher before each campaign pass; a key never saved
// has its safe default (contracts/campaigns.ts).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import { campaignSettings } from "../../../db/tenant/campaigns.ts";
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSettings,
  DAILY_CAP_MAX,
  DAILY_CAP_RAMP_DAYS_MAX,
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  MIN_GAP_OPTIONS,
  WALL_TIME,
} from "../../../contracts/campaigns.ts";
import { AppError } from "../../http/errors.ts";

const oneOf = (options: readonly number[]) =>
  z.coerce.number().int().refine((n) => options.includes(n), { message: `one of ${options.join(", ")}` });

const variable = z.object({
  // A key is used as {key} in the variants: letters, digits, _ and -.
  key: z.string().trim().min(1).max(40).regex(/^[\p{L}\p{N}_-]+$/u),
  value: z.string().max(1000),
});

const count = (max: number) => z.coerce.number().int().min(0).max(max);

export const settingsInput = z.object({
  messageInterval: oneOf(MESSAGE_INTERVAL_OPTIONS),
  longerIntervalAfter: oneOf(LONGER_INTERVAL_OPTIONS),
  greaterInterval: oneOf(LONGER_INTERVAL_OPTIONS),
  variables: z.array(variable).max(100),
  minGap: oneOf(MIN_GAP_OPTIONS),
  dailyCap: count(DAILY_CAP_MAX),
  dailyCapStart: count(DAILY_CAP_MAX).min(1),
  dailyCapRampDays: count(DAILY_CAP_RAMP_DAYS_MAX),
  windowStart: z.string().regex(WALL_TIME, "HH:MM"),
  windowEnd: z.string().regex(WALL_TIME, "HH:MM"),
  typing: z.boolean(),
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
  // Key by key: one bad stored value falls back to its default, not the whole set.
  const read: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    const parsed = settingsInput.safeParse({ [key]: value });
    if (parsed.success) Object.assign(read, parsed.data);
  }
  return { ...CAMPAIGN_SETTINGS_DEFAULTS, ...read };
}

/**
 * The settings as the spec's client reads them: one {key, value} per setting, the value
 * as JSON text (its page does JSON.parse(item.value)), every key with its default filled in.
 */
export const settingsEntries = (settings: CampaignSettings) =>
  Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) }));

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
