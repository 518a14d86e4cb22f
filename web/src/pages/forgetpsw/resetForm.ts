import { collect, email, type Issues, required, strongPassword } from "../../lib/validation.ts";

export type ResetField = "email" | "code" | "password" | "confirmation";

export function validateEmailStep(value: string): Issues<ResetField> {
  return collect<ResetField>({
    email: email(value),
    code: null,
    password: null,
    confirmation: null,
  });
}

/** Code required; new password min 8 with upper, lower and digit; confirmation equal. */
export function validateCodeStep(
  code: string,
  password: string,
  confirmation: string,
): Issues<ResetField> {
  return collect<ResetField>({
    email: null,
    code: required(code.trim()),
    password: strongPassword(password),
    confirmation: !confirmation
      ? { key: "validation.required" }
      : confirmation !== password
      ? { key: "forgot.rules.mismatch" }
      : null,
  });
}

/** The page's optional ?companyId= (seed 001 section 2): a positive id, else none. */
export function resetCompanyId(search: string): number | undefined {
  const id = Number(new URLSearchParams(search).get("companyId"));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The spec's answer to a code request: a status 404 in the body means no such account. */
export const emailFound = (answer: { status: number }) => answer.status !== 404;
