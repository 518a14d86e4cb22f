// Accessibility pass of issue 11, as a desktop in Portuguese and a phone in English: the
// admin's desk (with a ticket open, and its waiting list's rows), contacts, connections and
// settings pages, in the light
// and the dark theme, have no serious or critical axe-core finding. On the phone (item 12)
// a contact's card keeps its edit and delete buttons on screen and the chat header stays
// under 15 % of the screen's height, its details one menu item away.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { describeViolations, seriousViolations } from "./a11y.ts";
import { launchBrowser, newPage, signIn, VIEWS } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

const WORDS = {
  pt: {
    list: "Atendimentos",
    waiting: /^Aguardando/,
    options: "Opções do ticket",
    settingsTab: "Opções",
  },
  en: {
    list: "Tickets",
    waiting: /^Waiting/,
    options: "Ticket options",
    settingsTab: "Options",
    edit: "Edit Carlos Pereira",
    delete: "Delete Carlos Pereira",
    showDetails: "Show details and tags",
  },
};

const THEMES = ["light", "dark"] as const;

async function assertAccessible(page: Page, where: string) {
  const found = await seriousViolations(page);
  assert.deepEqual(found, [], `${where}:\n${describeViolations(found)}`);
}

/** On a phone the desk shows the list or the ticket: bring the list forward when it is hidden. */
async function showList(page: Page, label: string) {
  const tab = page.getByRole("tab", { name: label, exact: true });
  if (await tab.count() && await tab.getAttribute("aria-selected") !== "true") await tab.click();
}

for (const view of VIEWS) {
  Deno.test(`a11y: desk, contacts, connections and settings have no serious axe finding, light and dark: ${view.name}`, async () => {
    const words = WORDS[view.language as "pt" | "en"];
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const base = server.baseUrl;
      const token = await logIn(base, ADMIN);
      const w = await call(base, "/whatsapp", token, { name: "Loja Centro", provider: "sandbox" });
      await call(base, `/sandbox/${w.id}/inbound`, token, {
        number: "5511987650002", name: "Bruna Cliente Silva de Albuquerque", body: "Meu pedido chegou quebrado",
      });
      await call(base, `/sandbox/${w.id}/inbound`, token, {
        number: "5511987650003", name: "Davi Espera", body: "Alguém aí?",
      });
      await call(base, "/contacts", token, {
        name: "Carlos Pereira", number: "5511911112222", email: "carlos.pereira@example.com",
      });
      const { tickets } = await call(base, "/tickets?status=pending", token);
      const bruna = tickets.find((t: { contact: { name: string } }) => t.contact.name.startsWith("Bruna"));
      const ticket = await call(base, `/tickets/${bruna.id}`, token, { status: "open" }, "PUT");

      const page = await newPage(browser, view);
      await signIn(page, base, ADMIN.email, ADMIN.password);
      for (const theme of THEMES) {
        // Read before the first render of each page the loop opens.
        await page.evaluate((mode) => localStorage.setItem("preferredTheme", mode), theme);
        const at = (where: string) => `${where}, ${theme}, ${view.name}`;

        await page.goto(`${base}/tickets/${ticket.uuid}`);
        await page.getByTestId("conversation").getByText("Meu pedido chegou quebrado").waitFor();
        await assertAccessible(page, at("desk with a ticket open"));
        if (view.viewport.width < 600) {
          const header = await page.getByTestId("ticket-header").boundingBox();
          assert.ok(header, "the chat header is shown");
          const share = header.height / view.viewport.height;
          assert.ok(share < 0.15, `the chat header takes ${(share * 100).toFixed(1)} % of the height`);
          // Its details and tags are one menu item away.
          await page.getByRole("button", { name: words.options }).click();
          await page.getByRole("menuitem", { name: (words as typeof WORDS.en).showDetails }).click();
          await page.getByTestId("ticket-status").waitFor();
          await assertAccessible(page, at("phone header unfolded"));
          await showList(page, words.list);
          await page.getByTestId("ticket-item").filter({ hasText: "Bruna Cliente" }).waitFor();
          await assertAccessible(page, at("desk list"));
        }
        // Issue 20: a list with waiting rows (Aceitar, the unread count) and, on a desktop, the
        // top bar's greeting are part of the pass.
        await showList(page, words.list);
        await page.getByRole("tab", { name: words.waiting }).click();
        await page.getByTestId("ticket-item").filter({ hasText: "Davi Espera" }).waitFor();
        await assertAccessible(page, at("desk waiting list"));

        await page.goto(`${base}/contacts`);
        await page.getByText("carlos.pereira@example.com").waitFor();
        await assertAccessible(page, at("contacts"));
        if (view.viewport.width < 600) {
          const en = words as typeof WORDS.en;
          for (const name of [en.edit, en.delete]) {
            const box = await page.getByRole("button", { name, exact: true }).boundingBox();
            assert.ok(box, `${name} is shown`);
            assert.ok(
              box.x >= 0 && box.x + box.width <= view.viewport.width,
              `${name} lies within the screen (x ${box.x} to ${box.x + box.width})`,
            );
          }
        }

        await page.goto(`${base}/connections`);
        await page.getByText("Loja Centro").first().waitFor();
        await assertAccessible(page, at("connections"));

        await page.goto(`${base}/settings`);
        await page.getByRole("tab", { name: words.settingsTab, exact: true }).waitFor();
        await assertAccessible(page, at("settings"));
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
