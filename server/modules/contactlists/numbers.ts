// A contact list's number without its country code (a spreadsheet of "(11) 99999-8888")
// would be sent to a number that does not exist. The company's default calling code
// (setting defaultCountryCode, "55" unless changed) completes a number written the way the
// country writes it at home; one too short to be that (no area code) is refused; any other
// is taken as written, so a foreign number needs its own code (or a leading "+", which
// always means "as written"). Only the calling codes below are known; for another code
// every number is taken as written.

/** National significant numbers (after an optional trunk "0") by calling code. */
const NATIONAL: Record<string, { pattern: RegExp; shortest: number }> = {
  // Area code (two digits, no zero) and a 9-digit mobile or 8-digit landline.
  "55": { pattern: /^0?([1-9]{2}(?:9\d{8}|[2-8]\d{7}))$/, shortest: 10 },
  "1": { pattern: /^([2-9]\d{2}[2-9]\d{6})$/, shortest: 10 },
  "351": { pattern: /^([29]\d{8})$/, shortest: 9 },
  "34": { pattern: /^([6-9]\d{8})$/, shortest: 9 },
  "52": { pattern: /^([1-9]\d{9})$/, shortest: 10 },
  "57": { pattern: /^(3\d{9}|60\d{8})$/, shortest: 10 },
  "56": { pattern: /^([2-9]\d{8})$/, shortest: 9 },
  "51": { pattern: /^(9\d{8})$/, shortest: 9 },
  "44": { pattern: /^0?([1-9]\d{9})$/, shortest: 10 },
};

export type Completion =
  | { number: string; completed: boolean }
  /** Too short for a whole number of the country: its area code is missing as well. */
  | { refused: "number_no_country" };

/** The number as the list keeps it (digits); `raw` as typed in the sheet or the dialog. */
export function withCountryCode(raw: string, countryCode: string): Completion {
  const digits = raw.replace(/\D/g, "");
  const plan = NATIONAL[countryCode];
  if (!digits || !plan || raw.trim().startsWith("+")) return { number: digits, completed: false };
  const national = plan.pattern.exec(digits);
  if (national) return { number: `${countryCode}${national[1]}`, completed: true };
  // 8 digits still pass the lists' own rule (8 to 50): a local number without its area code.
  if (digits.length >= 8 && digits.length < plan.shortest) return { refused: "number_no_country" };
  return { number: digits, completed: false };
}
