// A journey's world: its own server and browser, the first admin's API token and a second
// admin's (ops, for what the journey sets up through the API), all closed whatever happens.
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { ADMIN, colleagueToken, type E2EServer, logIn, startServer } from "./server.ts";

export interface Journey {
  server: E2EServer;
  browser: Browser;
  base: string;
  token: string;
  ops: string;
}

export async function journey(fn: (j: Journey) => Promise<void>) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    await fn({ server, browser, base, token, ops: await colleagueToken(base, token) });
  } finally {
    await browser.close();
    await server.stop();
  }
}
