/** Field rules shared by the forms. Each returns null when fine, else an i18n key + params. */
export interface FieldIssue {
  key: string;
  params?: Record<string, number | string>;
}

export type Check = FieldIssue | null;

export function length(value: string, min: number, max: number, required = true): Check {
  const trimmed = value.trim();
  if (!trimmed) return required ? { key: "validation.required" } : null;
  if (trimmed.length < min) return { key: "validation.tooShort", params: { min } };
  if (trimmed.length > max) return { key: "validation.tooLong", params: { max } };
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function email(value: string): Check {
  if (!value.trim()) return { key: "validation.required" };
  return EMAIL.test(value.trim()) ? null : { key: "validation.invalidEmail" };
}

export function required(value: string | number | null | undefined): Check {
  return value === null || value === undefined || value === ""
    ? { key: "validation.required" }
    : null;
}

/** Reset password rule: at least 8 characters, one upper, one lower, one digit. */
export function strongPassword(value: string): Check {
  if (!value) return { key: "validation.required" };
  if (value.length < 8) return { key: "forgot.rules.min" };
  if (!/[A-Z]/.test(value)) return { key: "forgot.rules.upper" };
  if (!/[a-z]/.test(value)) return { key: "forgot.rules.lower" };
  if (!/\d/.test(value)) return { key: "forgot.rules.digit" };
  return null;
}

export type Issues<F extends string> = Partial<Record<F, FieldIssue>>;

/** Keep only the failing checks. */
export function collect<F extends string>(checks: Record<F, Check>): Issues<F> {
  const issues: Issues<F> = {};
  for (const [field, issue] of Object.entries(checks) as [F, Check][]) {
    if (issue) issues[field] = issue;
  }
  return issues;
}

export function hasIssues<F extends string>(issues: Issues<F>): boolean {
  return Object.keys(issues).length > 0;
}
