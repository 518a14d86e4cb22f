import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { keys, read } from "../lib/storage.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { pt } from "./pt.ts";
import type { Language } from "../api/types.ts";

export const languages: readonly Language[] = ["pt", "en", "es"];
export const defaultLanguage: Language = "pt";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** The language kept in localStorage "language", else Portuguese. */
export function storedLanguage(): Language {
  const stored = read(keys.language);
  return isLanguage(stored) ? stored : defaultLanguage;
}

/** BCP 47 tag used for dates and numbers in the interface language. */
export function localeOf(language: Language): string {
  return language === "pt" ? "pt-BR" : language === "es" ? "es" : "en";
}

// Resources are bundled, so initialisation is synchronous: the first render is translated.
void i18next.use(initReactI18next).init({
  resources: {
    pt: { translation: pt },
    en: { translation: en },
    es: { translation: es },
  },
  lng: storedLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
  initAsync: false,
});

export const i18n = i18next;
