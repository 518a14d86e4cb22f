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

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayIso(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}
