// The system Chromium driven by playwright-core, with the flags this machine needs.
import { type Browser, chromium, type Page } from "playwright-core";
import { findChromium } from "../scripts/chromium.ts";

export const TIMEOUT_MS = 15_000;

/** The browser scripts/chromium.ts found (the test task runs through it), else one found here. */
function executable(): string {
  const found = findChromium({ env: { PATH: Deno.env.get("PATH"), CHROMIUM_PATH: Deno.env.get("CHROMIUM_PATH") } });
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

/** A fresh page (own storage) with bounded waits, Portuguese by default. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "pt-BR",
    colorScheme: "light",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.setDefaultNavigationTimeout(TIMEOUT_MS);
  return page;
}

/** Sign in through the login page and wait for the ticket desk. */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL("**/tickets");
}

export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}
