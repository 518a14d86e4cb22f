/** A campaign's own single-brace placeholders (its settings' variables), offered after the message variables. */
import type { CampaignVariable } from "../../../contracts/campaigns.ts";
import { SHORT_SPELLINGS } from "../../../contracts/messageVariables.ts";

export interface CampaignPlaceholder {
  text: string;
  /** What it becomes in every send. */
  value: string;
}

/** The settings' keys as {key}; a key spelled like a contact's field ({nome}) is the field, so it is left out. */
export function campaignPlaceholders(variables: readonly CampaignVariable[]): CampaignPlaceholder[] {
  return variables
    .filter((v) => !Object.hasOwn(SHORT_SPELLINGS, v.key))
    .map((v) => ({ text: `{${v.key}}`, value: v.value }));
}
