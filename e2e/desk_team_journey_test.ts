// Journeys of issue 20's desk items, as a team's first week met them: the admin's Aguardando and
// bell agree (item 8); by keyboard, Aceitar leads to the composer and Resolver to the next
// ticket (9); a transfer says it went through and asks the server nothing it would refuse,
// and the Atendendo count follows a resolve at once (12). Desktop, Portuguese.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

const BELL = "Notificações";

async function bellCount(page: Page): Promise<number> {
  const badge = page.getByRole("button", { name: BELL, exact: true }).locator("[data-count]");
  if (!(await badge.count())) return 0;
  return Number(await badge.getAttribute("data-count"));
}

/** Waits until a tab shows this count beside its name ("Atendendo 2"; its unread badge aside). */
function tabShows(page: Page, name: string, count: number) {
  return page.waitForFunction(
    ([tabName, n]) =>
      [...document.querySelectorAll('[role="tab"]')].some((tab) => {
        const copy = tab.cloneNode(true) as Element;
        copy.querySelector('[data-testid="tab-unread"]')?.remove();
        return (copy.textContent ?? "").replace(/\s+/g, "") === `${tabName}${n || ""}`;
      }),
    [name, count] as const,
  );
}

/** Waits until the keyboard is on the row of this ticket. */
function keyboardOnRow(page: Page, ticketId: string | null) {
  return page.waitForFunction(
    (want) =>
      document.activeElement?.closest("li[data-ticket-id]")?.getAttribute("data-ticket-id") ===
        want,
    ticketId,
  );
}

Deno.test("desk: the admin's Aguardando and the bell agree, and the queue filter says how many it hides", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const sales = await call(base, "/queue", token, { name: "Vendas", color: "#2196F3" });
    const support = await call(base, "/queue", token, { name: "Suporte", color: "#009688" });
    // The admin works in Vendas, as in the team's first week.
    await call(base, "/users", token, {
      name: "Lia Admin",
      email: "lia@example.com",
      password: "lia12345",
      profile: "admin",
      queueIds: [sales.id],
    });
    const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
    const customers = [
      ["5511987651001", "Ana Vendas", sales.id],
      ["5511987651002", "Bruno Suporte", support.id],
      ["5511987651003", "Carla Sem Fila", null],
    ] as const;
    for (const [number, name, queueId] of customers) {
      const [stored] = await call(base, `/sandbox/${w.id}/inbound`, token, {
        number,
        name,
        body: `Oi, sou ${name}`,
      });
      if (queueId) await call(base, `/tickets/${stored.ticketId}`, token, { queueId }, "PUT");
    }

    const page = await newPage(browser);
    await signIn(page, base, "lia@example.com", "lia12345");
    await page.getByRole("tab", { name: /Aguardando/ }).click();
    const rows = page.getByTestId("ticket-item");
    await rows.filter({ hasText: "Carla Sem Fila" }).waitFor();
    await page.getByRole("button", { name: BELL, exact: true }).locator("[data-count]").waitFor();
    const names = await rows.allInnerTexts();
    assert.equal(await rows.count(), 3, `every waiting ticket is listed: ${names.join(" | ")}`);
    await tabShows(page, "Aguardando", 3);
    assert.equal(await bellCount(page), 3, "the bell holds the same three");

    // Choosing Suporte: the list says how many waiting tickets the filter leaves out.
    await page.getByRole("button", { name: /Filas/ }).click();
    await page.getByRole("option", { name: "Suporte" }).click();
    await page.keyboard.press("Escape");
    await rows.filter({ hasText: "Ana Vendas" }).waitFor({ state: "detached" });
    assert.equal(await rows.count(), 1);
    const hidden = page.getByTestId("hidden-by-filter");
    await hidden.getByText("2 aguardando em filas fora do filtro").waitFor();
    assert.equal(await bellCount(page), 3);
    await hidden.getByRole("button", { name: "Mostrar todas as filas" }).click();
    await rows.filter({ hasText: "Ana Vendas" }).waitFor();
    assert.equal(await rows.count(), 3);
    await hidden.waitFor({ state: "detached" });

    // "Criar ticket": once a contact is chosen its list is gone, and the Fila field takes a click.
    await page.getByRole("button", { name: "Novo ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "Criar ticket" });
    await dialog.getByRole("combobox", { name: "Contato" }).fill("Bruno");
    await page.getByRole("option", { name: /Bruno Suporte/ }).click();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await dialog.getByRole("button", { name: /Fila/ }).click({ timeout: 5000 });
    await page.getByRole("option", { name: "Suporte" }).click();
    await dialog.getByRole("button", { name: /Suporte/ }).waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("desk: by keyboard, Aceitar leads to the composer and Resolver to the next ticket", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
    for (
      const [number, name] of [["5511987652001", "Davi Primeiro"], ["5511987652002", "Eva Segunda"]]
    ) {
      await call(base, `/sandbox/${w.id}/inbound`, token, {
        number,
        name,
        body: `Oi, sou ${name}`,
      });
    }
    // The admin's browser sign-in ends his API session: later reads go through a colleague.
    const ops = await colleagueToken(base, token);
    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.getByRole("tab", { name: /Aguardando/ }).click();
    const row = (name: string) => page.getByTestId("ticket-item").filter({ hasText: name });
    const composerHasKeyboard = () =>
      page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA");

    // Aceitar from the row, by keyboard: the composer has the keyboard.
    await row("Davi Primeiro").getByRole("button", { name: "Aceitar" }).focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("conversation").getByText("Oi, sou Davi Primeiro").waitFor();
    await composerHasKeyboard();
    await page.keyboard.type("Bom dia, Davi");
    await page.keyboard.press("Enter");
    await page.getByTestId("conversation").getByText("Bom dia, Davi").waitFor();

    // Aceitar from the conversation's bar: the same.
    await page.getByRole("tab", { name: /Aguardando/ }).click();
    await row("Eva Segunda").getByRole("link").click();
    const bar = page.getByTestId("pending-bar");
    await bar.getByRole("button", { name: "Aceitar" }).focus();
    await page.keyboard.press("Enter");
    await bar.waitFor({ state: "detached" });
    await composerHasKeyboard();

    // Resolver from a row: the keyboard goes to the row that took its place, on its link.
    await page.getByRole("tab", { name: /Atendendo/ }).click();
    await row("Eva Segunda").waitFor();
    await row("Davi Primeiro").waitFor();
    const [top, next] = await page.getByTestId("ticket-item").evaluateAll((items) =>
      items.map((item) => item.getAttribute("data-ticket-id"))
    );
    const topRow = page.locator(`li[data-ticket-id="${top}"]`);
    await topRow.getByRole("button", { name: "Resolver" }).focus();
    await page.keyboard.press("Enter");
    await topRow.waitFor({ state: "detached" });
    await keyboardOnRow(page, next);
    assert.equal(
      await page.evaluate(() => document.activeElement?.tagName),
      "A",
      "the next ticket's link, so Enter opens it",
    );

    // Resolver from the conversation: back to the list, on the ticket that followed it.
    await page.getByRole("button", { name: "Desfazer" }).click();
    await topRow.waitFor();
    const { uuid } = await call(base, `/tickets/${top}`, ops);
    await page.goto(`${base}/tickets/${uuid}`);
    const resolve = page.getByTestId("ticket-header").getByRole("button", { name: "Resolver" });
    await resolve.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/tickets$/);
    await keyboardOnRow(page, next);
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("desk: a transfer says where the ticket went and asks nothing refused; Atendendo follows a resolve at once", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const sales = await call(base, "/queue", token, { name: "Vendas", color: "#2196F3" });
    await call(base, "/queue", token, { name: "Suporte", color: "#009688" });
    await call(base, "/users", token, {
      name: "Rita Agente",
      email: "rita@example.com",
      password: "rita12345",
      queueIds: [sales.id],
    });
    const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
    const rita = await logIn(base, { email: "rita@example.com", password: "rita12345" });
    const held = [];
    for (
      const [number, name] of [["5511987653001", "Gil Transferido"], [
        "5511987653002",
        "Hana Resolvida",
      ], ["5511987653003", "Ivo Fica"]]
    ) {
      const [stored] = await call(base, `/sandbox/${w.id}/inbound`, token, {
        number,
        name,
        body: `Oi, sou ${name}`,
      });
      await call(base, `/tickets/${stored.ticketId}`, token, { queueId: sales.id }, "PUT");
      held.push(await call(base, `/tickets/${stored.ticketId}`, rita, { status: "open" }, "PUT"));
    }

    const page = await newPage(browser);
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) {
        refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(`console: ${message.text()}`);
    });
    await signIn(page, base, "rita@example.com", "rita12345");
    const row = (name: string) => page.getByTestId("ticket-item").filter({ hasText: name });
    await row("Ivo Fica").waitFor();
    await tabShows(page, "Atendendo", 3);

    // Transferred to another queue, the ticket leaves her: a toast says where it went.
    await page.goto(`${base}/tickets/${held[0].uuid}`);
    await page.getByTestId("conversation").getByText("Oi, sou Gil Transferido").waitFor();
    await page.getByRole("button", { name: "Opções do ticket" }).click();
    await page.getByRole("menuitem", { name: "Transferir" }).click();
    const dialog = page.getByRole("dialog", { name: "Transferir Ticket" });
    await dialog.getByRole("button", { name: /Fila/ }).click();
    await page.getByRole("option", { name: "Suporte" }).click();
    await dialog.getByRole("button", { name: "Transferir", exact: true }).click();
    await page.waitForURL(/\/tickets$/);
    await page.getByTestId("toast").filter({ hasText: "Ticket transferido para a fila Suporte" })
      .waitFor();
    await row("Gil Transferido").waitFor({ state: "detached" });
    // Whatever arrives late from the ticket's rooms has had its time to ask (and be refused).
    await row("Ivo Fica").waitFor();
    await page.waitForTimeout(2500);
    assert.deepEqual(refused, [], "no request refused, no error in the console");

    // The count follows a resolve without waiting for the server to count again.
    await page.getByRole("tab", { name: /Atendendo/ }).click();
    await tabShows(page, "Atendendo", 2);
    await page.route(
      (url) => url.pathname === "/tickets" && url.searchParams.get("status") === "open",
      () => new Promise(() => {}),
    );
    await row("Hana Resolvida").getByRole("button", { name: "Resolver" }).click();
    await row("Hana Resolvida").waitFor({ state: "detached" });
    await tabShows(page, "Atendendo", 1);
  } finally {
    await browser.close();
    await server.stop();
  }
});
