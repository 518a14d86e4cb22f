/** Money is always shown in BRL, pt-BR format (R$ 1.234,56), whatever the interface language. */
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

export function formatBRL(value: number | string | null | undefined): string {
  const number = typeof value === "string" ? Number(value) : value ?? 0;
  return brl.format(Number.isFinite(number) ? number : 0);
}

/** "YYYY-MM-DD..." -> "dd/MM/yyyy" (no time-zone shifting of date-only values). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/**
 * Today as YYYY-MM-DD in the browser's time zone, or in `timeZone` (the company's, whose days
 * the server counts in: near midnight the two disagree).
 */
export function todayIso(now = new Date(), timeZone?: string): string {
  if (timeZone) {
    try {
      return new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
    } catch {
      // An unknown zone: the browser's day.
    }
  }
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/** A timestamp ("...Z") as HH:mm in the browser's time zone. */
export function formatTime(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const pad = (part: number) => String(part).padStart(2, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A timestamp as dd/MM/yyyy of its day in the browser's time zone (not the UTC day). */
export function formatLocalDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return formatDate(todayIso(date));
}
