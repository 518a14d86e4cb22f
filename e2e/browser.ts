// The system Chromium driven by playwright-core, with the flags this machine needs.
import { type Browser, chromium, type Page } from "playwright-core";
import { findChromium } from "../scripts/system-programs.ts";

export const TIMEOUT_MS = 15_000;

/** The browser scripts/system-programs.ts found (the test task runs through it), else one found here. */
function executable(): string {
  const found = findChromium({ PATH: Deno.env.get("PATH"), CHROMIUM_PATH: Deno.env.get("CHROMIUM_PATH") });
  if (found) return found;
  throw new Error("No Chromium found: set CHROMIUM_PATH, or run `deno task test`, which finds or installs one.");
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: executable(),
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // A microphone for the composer's voice notes: a generated tone, no permission prompt.
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  });
}

/** A screen and an interface language a journey runs in. */
export interface View {
  name: string;
  viewport: { width: number; height: number };
  language: "pt" | "en" | "es";
}

export const DESKTOP_PT: View = { name: "1280x800 pt", viewport: { width: 1280, height: 800 }, language: "pt" };
export const PHONE_EN: View = { name: "390x844 en", viewport: { width: 390, height: 844 }, language: "en" };
/** The desk's journeys run twice: a desktop in Portuguese and a phone in English. */
export const VIEWS: readonly View[] = [DESKTOP_PT, PHONE_EN];

/** A fresh page (own storage) with bounded waits, Portuguese on a desktop unless a view is given. */
export async function newPage(browser: Browser, view: View = DESKTOP_PT): Promise<Page> {
  const context = await browser.newContext({
    viewport: view.viewport,
    locale: view.language === "pt" ? "pt-BR" : view.language,
    colorScheme: "light",
    isMobile: view.viewport.width < 600,
    hasTouch: view.viewport.width < 600,
  });
  // The app reads its language from localStorage before the first render.
  if (view.language !== "pt") await context.addInitScript((lang) => localStorage.setItem("language", lang), view.language);
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.setDefaultNavigationTimeout(TIMEOUT_MS);
  return page;
}

const SIGN_IN = {
  pt: { email: "E-mail", password: "Senha", enter: "Entrar" },
  en: { email: "Email", password: "Password", enter: "Sign in" },
  es: { email: "Correo electrónico", password: "Contraseña", enter: "Entrar" },
};

/** Sign in through the login page (in the page's language) and wait for the ticket desk. */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const lang = (await page.evaluate(() => localStorage.getItem("language"))) as keyof typeof SIGN_IN | null;
  const words = SIGN_IN[lang ?? "pt"] ?? SIGN_IN.pt;
  await page.getByLabel(words.email, { exact: true }).fill(email);
  await page.getByLabel(words.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: words.enter, exact: true }).click();
  await page.waitForURL("**/tickets");
}

export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** Counts the chimes: notificationSound.ts makes one gain node per chime. */
export async function countChimes(page: Page) {
  await page.addInitScript(() => {
    const w = globalThis as unknown as { chimes: number };
    w.chimes = 0;
    const create = AudioContext.prototype.createGain;
    AudioContext.prototype.createGain = function (this: AudioContext) {
      w.chimes += 1;
      return create.call(this);
    };
  });
  return () => page.evaluate(() => (globalThis as unknown as { chimes: number }).chimes);
}

/** Resolves once the page's realtime socket has joined the room. */
export function joined(page: Page, room: string) {
  return page.waitForEvent("websocket").then((ws) =>
    ws.waitForEvent("framesent", { predicate: (frame) => String(frame.payload).includes(room) })
  );
}
