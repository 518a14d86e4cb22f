/** The single-brace placeholders a campaign message offers (ORIGIN: not mustache). */
import type { CampaignVariable } from "../../../contracts/campaigns.ts";

/** The contact list item's fields, filled per contact. */
export const ITEM_VARIABLES = ["nome", "email", "numero"] as const;

export interface CampaignPlaceholder {
  text: string;
  /** A list item's field, or null for a settings variable (then value is what it becomes). */
  builtIn: (typeof ITEM_VARIABLES)[number] | null;
  value: string;
}

/** {nome}, {email}, {numero}, then the settings' keys (a key named like a field is the field). */
export function campaignPlaceholders(variables: readonly CampaignVariable[]): CampaignPlaceholder[] {
  return [
    ...ITEM_VARIABLES.map((name) => ({ text: `{${name}}`, builtIn: name, value: "" })),
    ...variables
      .filter((v) => !(ITEM_VARIABLES as readonly string[]).includes(v.key))
      .map((v) => ({ text: `{${v.key}}`, builtIn: null, value: v.value })),
  ];
}
