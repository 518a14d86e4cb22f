/** Phone mask (99) 99999-9999, at most 11 digits. */
export const PHONE_MAX_DIGITS = 11;

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, PHONE_MAX_DIGITS);
}

export function maskPhone(value: string): string {
  const digits = phoneDigits(value);
  if (!digits) return "";
  const area = digits.slice(0, 2);
  const first = digits.slice(2, 7);
  const last = digits.slice(7);
  let masked = `(${area}`;
  if (digits.length > 2) masked += `) ${first}`;
  if (digits.length > 7) masked += `-${last}`;
  return masked;
}
