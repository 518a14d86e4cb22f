// The customer's way out of the menu: a word of the company's list (botHandoverWords,
// comma-separated, "atendente,humano" by default) anywhere in the message, as a whole
// word, whatever its case or accents.
const fold = (s: string) =>
  s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** A text as the customer's words are compared: its words alone, lower case, no accents or punctuation. */
export const folded = (s: string) => fold(s).join(" ");

export function asksForPerson(message: string, words: string): boolean {
  const said = ` ${fold(message).join(" ")} `;
  return words.split(",").some((w) => {
    const word = fold(w).join(" ");
    return word !== "" && said.includes(` ${word} `);
  });
}
