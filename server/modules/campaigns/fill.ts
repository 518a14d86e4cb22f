// What one campaign send says: one of the filled variants (message1..message5) at random,
// with the list item's {nome}, {email}, {numero} and the campaign variables put in. The
// outbound door renders the {{...}} placeholders after this.
import type { CampaignVariable } from "../../../contracts/campaigns.ts";

export interface Variants {
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
}

export interface Recipient {
  name: string;
  email: string;
  number: string;
}

/** The non-blank variants; a random number in [0, 1) picks one (null: none is written). */
export function pickVariant(c: Variants, random: () => number): string | null {
  const filled = [c.message1, c.message2, c.message3, c.message4, c.message5].filter((m) => m.trim() !== "");
  if (!filled.length) return null;
  return filled[Math.min(filled.length - 1, Math.floor(random() * filled.length))];
}

/** Each {key} replaced in one pass, so a value that itself looks like a placeholder stays as written. */
export function fillMessage(text: string, to: Recipient, variables: CampaignVariable[]): string {
  const values = new Map<string, string>(variables.map((v) => [v.key, v.value]));
  // The recipient's own fields win over a variable that happens to share their name.
  values.set("nome", to.name);
  values.set("email", to.email);
  values.set("numero", to.number);
  return text.replace(/\{([\p{L}\p{N}_-]+)\}/gu, (whole, key: string, at: number) => {
    // {{name}} belongs to the outbound door's placeholders: left for it.
    if (text[at - 1] === "{" && text[at + whole.length] === "}") return whole;
    return values.get(key) ?? whole;
  });
}
