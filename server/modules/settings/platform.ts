// The platform's secrets: settings that belong to no company (the payment gateway's webhook
// token), read and set through /settings by super users only and always answered masked.
// At rest only the secret's SHA-256 digest and its mask are kept: the webhook compares
// digests, so nothing can show or leak the token again (to change it, a super user types a
// new one): a digest is safer than the key store companies' secrets use (secrets/box.ts),
// since this one is only ever compared.
import { maskSecret } from "../../secrets/box.ts";
import { matchesDigest, sha256 } from "../../secrets/digest.ts";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { ControlDb } from "../../tenancy/control.ts";
import { platformSettings } from "../../../db/control/billing.ts";
import { settings } from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../tenancy/registry.ts";
import { AppError } from "../../http/errors.ts";

export const PLATFORM_SECRETS = {
  /** The Asaas-style gateway's webhook token (the asaas-access-token header); "" clears it. */
  asaas: z.string().trim().max(500),
} as const;

export type PlatformSecret = keyof typeof PLATFORM_SECRETS;
export const isPlatformSecret = (k: string): k is PlatformSecret => Object.hasOwn(PLATFORM_SECRETS, k);

const digestKey = (k: PlatformSecret) => `${k}.sha256`;
const maskKey = (k: PlatformSecret) => `${k}.mask`;

/** The secrets as GET /settings lists them for a super user: masked, "" when unset. */
export async function maskedPlatformSecrets(db: ControlDb): Promise<{ key: PlatformSecret; value: string }[]> {
  const keys = Object.keys(PLATFORM_SECRETS) as PlatformSecret[];
  const rows = await db.select().from(platformSettings).where(inArray(platformSettings.key, keys.map(maskKey)));
  return keys.map((key) => ({ key, value: rows.find((r) => r.key === maskKey(key))?.value ?? "" }));
}

export async function setPlatformSecret(db: ControlDb, key: PlatformSecret, value: unknown) {
  const parsed = PLATFORM_SECRETS[key].safeParse(value);
  if (!parsed.success) {
    throw new AppError("ERR_VALIDATION", 400, `value: ${parsed.error.issues[0].message}`, { field: "value" });
  }
  const secret = parsed.data;
  if (!secret) {
    await db.delete(platformSettings).where(inArray(platformSettings.key, [digestKey(key), maskKey(key)]));
    return { key, value: "" };
  }
  const hex = (await sha256(secret)).toHex();
  const upsert = (k: string, v: string) =>
    db.insert(platformSettings).values({ key: k, value: v })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: v } });
  // One batch: the mask never describes a token other than the one the digest checks.
  await db.batch([upsert(digestKey(key), hex), upsert(maskKey(key), maskSecret(secret))]);
  return { key, value: maskSecret(secret) };
}

/** Whether `given` is the secret (compared in constant time: secrets/digest.ts). */
export async function platformSecretMatches(db: ControlDb, key: PlatformSecret, given: string | undefined) {
  const [row] = await db.select().from(platformSettings).where(inArray(platformSettings.key, [digestKey(key)]));
  return !!row && await matchesDigest(Uint8Array.fromHex(row.value), given);
}

/**
 * Earlier versions kept the token as the platform company's `asaas` setting, in clear and
 * readable by its every user: at start it moves here (unless a newer one is set) and the
 * old row goes.
 */
export async function adoptLegacySecrets(db: ControlDb, platform: TenantDb) {
  for (const key of Object.keys(PLATFORM_SECRETS) as PlatformSecret[]) {
    const [old] = await platform.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    if (!old) continue;
    const [set] = await db.select().from(platformSettings).where(eq(platformSettings.key, digestKey(key)));
    if (old.value && !set) await setPlatformSecret(db, key, old.value);
    await platform.delete(settings).where(eq(settings.key, key));
  }
}
