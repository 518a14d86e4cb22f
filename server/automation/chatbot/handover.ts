// The customer's way out of the menu: a word of the company's list (botHandoverWords,
// comma-separated, "atendente,humano" by default) anywhere in the message, as a whole
// word, whatever its case or accents.
import { normalisePhrase } from "../../modules/flows/phrase.ts";

/**
 * A text as the customer's words are compared: its words alone, lower case, no accents or
 * punctuation (the flow campaigns' phrases are compared the same way).
 */
export const folded = normalisePhrase;

export function asksForPerson(message: string, words: string): boolean {
  const said = ` ${folded(message)} `;
  return words.split(",").some((w) => {
    const word = folded(w);
    return word !== "" && said.includes(` ${word} `);
  });
}
