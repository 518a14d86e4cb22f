// The platform's PIX receiving data (a super user's setting) and the static PIX code
// ("copia e cola", BR Code) for an invoice, made by pix-utils.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { createStaticPix, hasError } from "pix-utils";
import type { ControlDb } from "../../tenancy/control.ts";
import { platformSettings } from "../../../db/control/billing.ts";
import { AppError } from "../../http/errors.ts";

// The BR Code carries names as plain ASCII within the EMV field limits (25 and 15).
const plain = (max: number) =>
  z.string().transform((s) => s.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1).max(max).regex(/^[\x20-\x7E]+$/, "letters, digits and spaces only"));

const phoneKey = /^\+55\d{10,11}$/;
const documentKey = /^(\d{11}|\d{14})$/;
const randomKey = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A PIX key of one of the five kinds: e-mail, CPF, CNPJ, phone (+55...) or random (EVP). */
export const pixKey = z.string().trim().max(77).refine(
  (k) =>
    phoneKey.test(k) || documentKey.test(k) || randomKey.test(k.toLowerCase()) ||
    z.email().safeParse(k).success,
  "a PIX key: e-mail, CPF or CNPJ (digits), phone (+55 and digits) or random key",
).transform((k) => randomKey.test(k.toLowerCase()) ? k.toLowerCase() : k);

export const pixSettingsInput = z.object({
  pixKey,
  merchantName: plain(25),
  merchantCity: plain(15),
});
export type PixSettings = z.infer<typeof pixSettingsInput>;

const KEYS = ["pixKey", "merchantName", "merchantCity"] as const;

export async function getPixSettings(db: ControlDb): Promise<PixSettings> {
  const rows = await db.select().from(platformSettings).where(
    inArray(platformSettings.key, [...KEYS]),
  );
  const value = (k: string) => rows.find((r) => r.key === k)?.value ?? "";
  return {
    pixKey: value("pixKey"),
    merchantName: value("merchantName"),
    merchantCity: value("merchantCity"),
  };
}

export async function savePixSettings(db: ControlDb, input: PixSettings): Promise<PixSettings> {
  const upsert = (key: (typeof KEYS)[number]) =>
    db.insert(platformSettings).values({ key, value: input[key] })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: input[key] } });
  // One batch: a code is never made from a half-saved key and name.
  await db.batch([upsert("pixKey"), upsert("merchantName"), upsert("merchantCity")]);
  return getPixSettings(db);
}

/** The static PIX code paying `value` to the platform, its transaction id naming the invoice. */
export function pixCode(settings: PixSettings, invoiceId: number, value: number): string {
  if (!settings.pixKey || !settings.merchantName || !settings.merchantCity) {
    throw new AppError("ERR_PIX_NOT_CONFIGURED", 409, "the platform has no PIX key yet");
  }
  const pix = createStaticPix({
    pixKey: settings.pixKey,
    merchantName: settings.merchantName,
    merchantCity: settings.merchantCity,
    transactionAmount: Math.round(value * 100) / 100,
    txid: `FATURA${invoiceId}`,
    infoAdicional: `Fatura ${invoiceId}`,
  });
  if (hasError(pix)) {
    throw new AppError("ERR_PIX_NOT_CONFIGURED", 409, `the PIX data is refused: ${pix.message}`);
  }
  return pix.toBRCode();
}
