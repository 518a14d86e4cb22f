/**
 * Companies list row colour by days to the due date (seed 001, section 9):
 * exactly 5 -> yellow, -3..4 -> orange, exactly -4 -> red, otherwise none.
 */
export type DueTone = "soon" | "near" | "late" | null;

export function daysUntil(dueDate: string, today: string): number {
  const due = Date.parse(`${dueDate.slice(0, 10)}T00:00:00Z`);
  const now = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(due) || Number.isNaN(now)) return Number.NaN;
  return Math.round((due - now) / 86_400_000);
}

export function dueTone(days: number): DueTone {
  if (days === 5) return "soon";
  if (days >= -3 && days <= 4) return "near";
  if (days === -4) return "late";
  return null;
}
