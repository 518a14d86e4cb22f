// Company settings: a fixed catalogue of keys, each with its allowed values and default.
// The spec's `asaas` key is no company's: it is a platform secret (platform.ts).
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant, TenantDb } from "../../tenancy/registry.ts";
import { settings } from "../../../db/tenant/schema.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { AppError } from "../../http/errors.ts";
import type { Hub } from "../../realtime/hub.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

const onOff = z.enum(["enabled", "disabled"]);
const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const SETTINGS = {
  userRating: { schema: onOff, default: "disabled" },
  scheduleType: { schema: z.enum(["disabled", "queue", "company"]), default: "disabled" },
  CheckMsgIsGroup: { schema: onOff, default: "enabled" },
  call: { schema: onOff, default: "enabled" },
  chatBotType: { schema: z.enum(["text"]), default: "text" },
  sendGreetingAccepted: { schema: onOff, default: "disabled" },
  sendMsgTransfTicket: { schema: onOff, default: "disabled" },
  sendGreetingMessageOneQueues: { schema: onOff, default: "enabled" },
  userCreation: { schema: onOff, default: "enabled" },
  sideMenu: { schema: z.enum(["open", "closed"]), default: "open" },
  timeCreateNewTicket: { schema: z.string().regex(/^\d{1,7}$/, "whole seconds"), default: "7200" },
  timezone: { schema: z.string().refine(isTimeZone, "unknown time zone"), default: "America/Sao_Paulo" },
  campaignsEnabled: { schema: z.enum(["true", "false"]), default: "false" },
  /** Several signed-in browsers per user; disabled: a login signs the user's other sessions out (spec). */
  allowMultipleSessions: { schema: onOff, default: "disabled" },
  /** The first day of the week on the schedules calendar. */
  weekStart: { schema: z.enum(["sunday", "monday"]), default: "sunday" },
  /** Words that, written by a customer in the bot's menu, hand the conversation to people at once (comma-separated). */
  botHandoverWords: { schema: z.string().max(500), default: "atendente,humano" },
  /** Words that, written alone by a customer in a flow, take him out of it to people (comma-separated). */
  flowStopWords: { schema: z.string().max(500), default: "parar,sair" },
  /** What a message calls a contact without a name ({{firstName}}, {nome}); "" leaves the name out and closes the gap. */
  nameFallback: { schema: z.string().trim().max(30).regex(/^[^{}\n]*$/, "no braces or line breaks"), default: "" },
  /**
   * Calling code that completes a contact list's number written without one (Brazil's "11 99999-8888"
   * is 5511999998888); "" takes every number as written (server/modules/contactlists/numbers.ts).
   */
  defaultCountryCode: { schema: z.string().regex(/^(\d{1,3})?$/, "1 to 3 digits"), default: "55" },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export const isSettingKey = (k: string): k is SettingKey => Object.hasOwn(SETTINGS, k);

export function defaultSettings(overrides: Partial<Record<SettingKey, string>> = {}) {
  return (Object.keys(SETTINGS) as SettingKey[]).map((key) => ({
    key,
    value: overrides[key] ?? SETTINGS[key].default,
  }));
}

/** Writes the defaults for keys the company does not have yet. Idempotent. */
export async function seedSettings(db: TenantDb, overrides: Partial<Record<SettingKey, string>> = {}) {
  await db.insert(settings).values(defaultSettings(overrides)).onConflictDoNothing();
}

export async function listSettings(db: TenantDb) {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return (Object.keys(SETTINGS) as SettingKey[]).map((key) => ({
    key,
    value: stored.get(key) ?? SETTINGS[key].default,
  }));
}

/** Prepared: read on every ticket list and every message the company sends. */
export async function getSetting(db: TenantDb, key: SettingKey): Promise<string> {
  // get(): one row by key (libsql's all() costs native memory per call, tenancy/driver.ts).
  const row = await prepared(db, "setting", (d) =>
    d.select({ value: settings.value }).from(settings).where(sql`${settings.key} = ${sql.placeholder("key")}`).prepare())
    .get({ key });
  return row?.value ?? SETTINGS[key].default;
}

/** Several settings in one query. */
export async function getSettings<K extends SettingKey>(db: TenantDb, keys: K[]): Promise<Record<K, string>> {
  const rows = await prepared(db, `settings:${keys.join(",")}`, (d) =>
    d.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, keys)).prepare()).all();
  const out = {} as Record<K, string>;
  for (const k of keys) out[k] = rows.find((r) => r.key === k)?.value ?? SETTINGS[k].default;
  return out;
}

export async function updateSetting(t: Tenant, hub: Hub, key: string, value: unknown) {
  if (!isSettingKey(key)) throw new AppError("ERR_NO_SETTING_FOUND", 404, "none found with this ID");
  const parsed = SETTINGS[key].schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError("ERR_VALIDATION", 400, `value: ${parsed.error.issues[0].message}`, {
      field: "value",
    });
  }
  const setting = { key, value: parsed.data };
  await t.db.insert(settings).values(setting).onConflictDoUpdate({
    target: settings.key,
    set: { value: parsed.data, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
  });
  hub.publish(t.companyId, companyEvent(t.companyId, "settings"), { action: "update", setting });
  return setting;
}
