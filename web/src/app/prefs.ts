/** Browser preferences as signals: language, theme and notification volume. */
import { effect, signal } from "@preact/signals-react";
import { api } from "../api/index.ts";
import type { Language } from "../api/types.ts";
import { toast } from "../components/toast.ts";
import { i18n, storedLanguage } from "../i18n/index.ts";
import { keys, read, write } from "../lib/storage.ts";
import { lastSaveWins } from "../lib/lastSaveWins.ts";
import { darkTheme, lightTheme } from "../theme/theme.css.ts";
import { isSignedIn } from "./session.ts";

export type ThemeMode = "light" | "dark";

function initialTheme(): ThemeMode {
  const stored = read(keys.theme);
  if (stored === "light" || stored === "dark") return stored;
  return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function initialVolume(): number {
  const stored = Number(read(keys.volume) ?? "1");
  return Number.isFinite(stored) ? Math.min(1, Math.max(0, stored)) : 1;
}

export const language = signal<Language>(storedLanguage());
export const theme = signal<ThemeMode>(initialTheme());
export const volume = signal<number>(initialVolume());

effect(() => {
  const root = document.documentElement;
  root.classList.toggle(lightTheme, theme.value === "light");
  root.classList.toggle(darkTheme, theme.value === "dark");
  root.style.colorScheme = theme.value;
});

effect(() => {
  document.documentElement.lang = language.value === "pt" ? "pt-BR" : language.value;
});

const saveLanguage = lastSaveWins((next: Language) => api.auth.setLanguage(next).then(() => {}));

/** Switch the interface language; kept locally and, when signed in, sent to the server. */
export async function setLanguage(next: Language): Promise<void> {
  language.value = next;
  write(keys.language, next);
  await i18n.changeLanguage(next);
  if (!isSignedIn.value) return;
  try {
    await saveLanguage(next);
  } catch (error) {
    toast.apiError(error);
  }
}

export function toggleTheme(): void {
  theme.value = theme.value === "light" ? "dark" : "light";
  write(keys.theme, theme.value);
}

export function setVolume(next: number): void {
  volume.value = Math.min(1, Math.max(0, Math.round(next * 10) / 10));
  write(keys.volume, String(volume.value));
}
