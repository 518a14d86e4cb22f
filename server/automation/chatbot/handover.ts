// The customer's way out of the menu: a word of the company's list (botHandoverWords,
// comma-separated, "atendente,humano" by default) anywhere in the message, as a whole
// word, whatever its case or accents.
import { eq } from "drizzle-orm";
import { normalisePhrase } from "../../modules/flows/phrase.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { whatsapps } from "../../../db/tenant/schema.ts";
import { text } from "../../i18n/texts.ts";

/**
 * A text as the customer's words are compared: its words alone, lower case, no accents or
 * punctuation (the flow campaigns' phrases are compared the same way).
 */
export const folded = normalisePhrase;

/** What the customer is told when people take over: the connection's handover message, else the server's. */
export async function handoverText(t: Tenant, whatsappId: number | null): Promise<string> {
  const [w] = await t.db.select({ text: whatsapps.handoverMessage }).from(whatsapps)
    .where(eq(whatsapps.id, whatsappId ?? 0));
  return w?.text.trim() || text(t.language, "bot.handover");
}

export function asksForPerson(message: string, words: string): boolean {
  const said = ` ${folded(message)} `;
  return words.split(",").some((w) => {
    const word = folded(w);
    return word !== "" && said.includes(` ${word} `);
  });
}
