/** The platform's PIX receiving data: the same rules as the server (docs/api.md "Invoices and payment"). */
import type { PixSettings } from "../../../api/billing.ts";
import { collect, type Issues, length } from "../../../lib/validation.ts";

export type PixField = keyof PixSettings;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+55\d{10,11}$/;
const DOCUMENT = /^(\d{11}|\d{14})$/;
const RANDOM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** E-mail, CPF or CNPJ (digits), phone (+55 and digits) or a random key. */
export function isPixKey(key: string): boolean {
  const value = key.trim();
  return value.length <= 77 &&
    (EMAIL.test(value) || PHONE.test(value) || DOCUMENT.test(value) || RANDOM.test(value));
}

export function validatePix(values: PixSettings): Issues<PixField> {
  return collect<PixField>({
    pixKey: !values.pixKey.trim()
      ? { key: "validation.required" }
      : isPixKey(values.pixKey)
      ? null
      : { key: "billing.pix.pixKeyInvalid" },
    merchantName: length(values.merchantName, 1, 25),
    merchantCity: length(values.merchantCity, 1, 15),
  });
}
