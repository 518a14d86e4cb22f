// Due dates are calendar days (YYYY-MM-DD, UTC): a company may sign in through the
// whole of its due day.
const DAY = 86_400_000;

/** `now`: the program's clock (deps.clock), never the wall clock, so tests and e2e can move it. */
export const today = (now: Date) => now.toISOString().slice(0, 10);

export function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

export function addMonths(date: string, months: number) {
  const d = new Date(`${date}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

export function daysUntil(dueDate: string, now: Date) {
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today(now)}T00:00:00Z`)) / DAY);
}

export const isOverdue = (dueDate: string | null, now: Date) =>
  dueDate !== null && dueDate < today(now);

/** dd/MM/yyyy, as the specification shows dates. */
export const formatDate = (date: string) => date.split("-").reverse().join("/");

export const RECURRENCE_MONTHS = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
} as const;
