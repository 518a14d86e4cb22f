/** The campaign settings page's rules (seed 002 sections 5 and 9). */
import { type CampaignVariable, WALL_TIME } from "../../../../contracts/campaigns.ts";

/** A key written as {key} in a message: 1 to 40 letters, digits, _ or - (docs/api.md). */
const KEY = /^[\p{L}\p{N}_-]{1,40}$/u;

export type AddVariableResult =
  | { ok: true; variables: CampaignVariable[] }
  | { ok: false; reason: "required" | "format" | "taken"; key: string };

/** A variable joins the list only when its key is not there yet (keys are compared as typed, trimmed). */
export function addVariable(
  variables: readonly CampaignVariable[],
  rawKey: string,
  rawValue: string,
): AddVariableResult {
  const key = rawKey.trim().replace(/^\{|\}$/g, "");
  const value = rawValue.trim();
  if (!key || !value) return { ok: false, reason: "required", key };
  if (!KEY.test(key)) return { ok: false, reason: "format", key };
  if (variables.some((v) => v.key === key)) return { ok: false, reason: "taken", key };
  return { ok: true, variables: [...variables, { key, value }] };
}

export const removeVariable = (variables: readonly CampaignVariable[], key: string) =>
  variables.filter((v) => v.key !== key);

/** A send window's bound as the server takes it ("HH:MM", 00:00 to 23:59): null when right. */
export const windowError = (hhmm: string): "format" | null => (WALL_TIME.test(hhmm) ? null : "format");
