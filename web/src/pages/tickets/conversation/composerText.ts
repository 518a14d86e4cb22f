/** Small pure helpers of the composer. */

/** Put `insert` in place of the selection [start, end); the caret goes after it. */
export function insertText(text: string, start: number, end: number, insert: string) {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}

/** Only text with something besides spaces and line breaks is sent (spec 5). */
export function isSendable(text: string): boolean {
  return text.trim() !== "";
}

const UNITS = ["B", "KB", "MB", "GB"] as const;

/** A file's size for people: 980 B, 12.3 KB, 4.5 MB (one decimal below 100). */
export function formatFileSize(bytes: number, locale = "pt-BR"): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** The recording timer: mm:ss. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
}
