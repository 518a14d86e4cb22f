// The menu bot's fixed words, in the company's language (the texts a company writes
// itself, greetings and option messages, are sent as written).
import type { Lang } from "../../modules/companies/language.ts";

export interface MenuWords {
  back: string;
  start: string;
}

const WORDS: Record<Lang, MenuWords> = {
  pt: { back: "Menu anterior", start: "Menu inicial" },
  en: { back: "Previous menu", start: "Main menu" },
  es: { back: "Menú anterior", start: "Menú inicial" },
};

export const menuWords = (lang: Lang): MenuWords => WORDS[lang];
