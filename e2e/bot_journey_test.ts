// Journeys of issue 20 items 3 and 4 (the bot as the customer meets it), on a desktop in
// Portuguese: a customer in the queue menu rings no agent and is listed under Bot for the
// admin, then reaches the agent's Aguardando (one chime, the customer's own words) once the
// bot routes her; a wrong answer gets "Opção inválida" and the menu, and asking for a
// person hands the customer to the team at once, told so.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { countChimes, DESKTOP_PT, joined, launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

/** A company with Vendas and Suporte on a sandbox connection whose bot greets and lists them; Bia attends Suporte. */
async function company(base: string) {
  const token = await colleagueToken(base, await logIn(base, ADMIN));
  const vendas = await call(base, "/queue", token, { name: "Vendas", color: "#2196F3", orderQueue: 1 });
  const suporte = await call(base, "/queue", token, {
    name: "Suporte",
    color: "#4CAF50",
    orderQueue: 2,
    greetingMessage: "Suporte aqui, já vamos atender.",
  });
  await call(base, "/users", token, {
    name: "Bia Agente",
    email: "bia@example.com",
    password: "bia123456",
    queueIds: [suporte.id],
  });
  const w = await call(base, "/whatsapp", token, {
    name: "Loja",
    provider: "sandbox",
    queueIds: [vendas.id, suporte.id],
    greetingMessage: "Bom dia, {{firstName}}! Escolha:",
  });
  const say = (body: string) =>
    call(base, `/sandbox/${w.id}/inbound`, token, { number: "5511987650001", name: "Carla Cliente", body });
  return { token, w, say };
}

/** Bia's desk, listening to her queues' notifications, with its chimes counted. */
async function biasDesk(page: Page, base: string) {
  const chimes = await countChimes(page);
  const listening = joined(page, "queue-null-notification");
  await signIn(page, base, "bia@example.com", "bia123456");
  await listening;
  // The frame is sent; the server takes it in a moment, beside the test's own calls.
  await page.waitForTimeout(300);
  await page.getByRole("tab", { name: /Aguardando/ }).click();
  return chimes;
}

const carlaIn = (page: Page) => page.getByTestId("ticket-item").filter({ hasText: "Carla Cliente" });

Deno.test("bot: a customer in the menu does not chime agents and appears once routed", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const { token, say } = await company(base);
    const bia = await newPage(browser, DESKTOP_PT);
    const chimes = await biasDesk(bia, base);

    const [first] = await say("oi, bom dia");
    // The bot answered (its greeting went out): the ticket is the bot's, nobody else's yet.
    const held = await call(base, `/tickets/${first.ticketId}`, token);
    assert.equal(held.chatbot, true);
    await bia.waitForTimeout(800);
    assert.equal(await chimes(), 0, "no chime while the bot talks");
    assert.equal(await bia.title(), "Inbox", "the bell holds nothing");
    assert.equal(await carlaIn(bia).count(), 0, "not in Aguardando");

    // The admin sees her under Bot, with her own words, and could step in from there.
    const admin = await newPage(browser, DESKTOP_PT);
    await signIn(admin, base, ADMIN.email, ADMIN.password);
    await admin.getByRole("tab", { name: /^Bot/ }).click();
    const row = carlaIn(admin);
    await row.getByText("oi, bom dia").waitFor();
    assert.equal(await row.getByText(/Bom dia, Carla/).count(), 0, "the preview is not the bot's greeting");

    await say("2");
    await bia.waitForFunction(() => document.title === "(1) Inbox");
    await carlaIn(bia).waitFor();
    const preview = await carlaIn(bia).innerText();
    assert.ok(!/Suporte aqui|Bom dia/.test(preview), `the customer's words, not the bot's: ${preview}`);
    await bia.waitForFunction(() => (globalThis as unknown as { chimes: number }).chimes >= 1);
    await bia.waitForTimeout(500);
    assert.equal(await chimes(), 1, "one chime once routed");
    await row.waitFor({ state: "detached" });
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("bot: a wrong answer and a request for a person", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const { token, say } = await company(base);
    const bia = await newPage(browser, DESKTOP_PT);
    const chimes = await biasDesk(bia, base);

    const [first] = await say("oi");
    await say("banana");
    await bia.waitForTimeout(500);
    assert.equal(await carlaIn(bia).count(), 0, "still with the bot after a wrong answer");
    await say("quero falar com um atendente");
    await carlaIn(bia).waitFor();
    await bia.waitForFunction(() => (globalThis as unknown as { chimes: number }).chimes >= 1);
    assert.equal(await chimes(), 1);
    const ticket = await call(base, `/tickets/${first.ticketId}`, token);
    assert.equal(ticket.chatbot, false);
    assert.equal(ticket.queueId, null, "handed over before choosing a queue");

    // Bia opens it: the conversation shows what the customer was told.
    await carlaIn(bia).click();
    await bia.waitForURL(`**/tickets/${ticket.uuid}`);
    const thread = bia.locator("main");
    await thread.getByText(/Opção inválida\. Escolha um número da lista:/).waitFor();
    await thread.getByText("Certo! Um de nossos atendentes vai responder em breve.").waitFor();
    assert.equal(
      await thread.getByText(/Bom dia, Carla! Escolha:/).count(),
      1,
      "the greeting once: the wrong answer got the short line, not the greeting again",
    );
  } finally {
    await browser.close();
    await server.stop();
  }
});
