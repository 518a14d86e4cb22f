// Issue 20, item 11: a toast covers no control and no title, on a desktop (1280 px, pt) and a
// phone (390 px, en). Three toasts a team meets every day are measured against every control
// and heading on screen: "Ticket resolvido" over the desk's list (its "Novo ticket"), the undo's
// "Ticket reaberto" over the conversation (its contact's name) and a refusal inside "Criar
// ticket" (the dialog's title).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser, newPage, signIn, VIEWS } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

const WORDS = {
  pt: {
    resolve: "Resolver",
    undo: "Desfazer",
    newTicket: "Novo ticket",
    createTicket: "Criar ticket",
    contact: "Contato",
    create: "Criar",
    list: "Atendimentos",
  },
  en: {
    resolve: "Resolve",
    undo: "Undo",
    newTicket: "New ticket",
    createTicket: "Create ticket",
    contact: "Contact",
    create: "Create",
    list: "Tickets",
  },
};

/**
 * The controls and headings a shown toast lies on: each one seen on screen (its middle, or the
 * toast over it, is what the page shows at that point) whose box meets a toast's box.
 */
async function covered(page: Page): Promise<string[]> {
  await page.getByTestId("toast").first().waitFor();
  // The layout settles in the frame after the toast appears.
  await page.evaluate(() =>
    new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  );
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('[data-testid="toast"]')].map((t) =>
      t.getBoundingClientRect()
    );
    const selector = [
      "button",
      "a[href]",
      "input",
      "textarea",
      "select",
      "h1",
      "h2",
      "h3",
      "h4",
      '[role="button"]',
      '[role="tab"]',
      '[role="combobox"]',
      '[role="link"]',
      '[role="heading"]',
      '[role="menuitem"]',
    ].join(",");
    const hits: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      // The toasts themselves, and what is hidden from everyone (react-aria's native select
      // behind a SelectField lies, invisible and aria-hidden, wherever it was laid out).
      if (el.closest('[data-testid="toast"], [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      const shown = top &&
        (top.closest('[data-testid="toast"]') || el.contains(top) || top.contains(el));
      if (!shown) continue;
      for (const t of toasts) {
        if (box.left < t.right && t.left < box.right && box.top < t.bottom && t.top < box.bottom) {
          const name = (el.getAttribute("aria-label") || el.textContent || "").trim().replace(
            /\s+/g,
            " ",
          ).slice(0, 40);
          hits.push(
            `${el.tagName.toLowerCase()} "${name}" at y ${Math.round(box.top)}-${
              Math.round(box.bottom)
            } under a toast at y ${Math.round(t.top)}-${Math.round(t.bottom)}`,
          );
        }
      }
    }
    return hits;
  });
}

for (const view of VIEWS) {
  Deno.test(`toasts: cover no control and no title on the list, the conversation and a dialog: ${view.name}`, async () => {
    const words = WORDS[view.language as "pt" | "en"];
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const base = server.baseUrl;
      const token = await logIn(base, ADMIN);
      const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
      await call(base, "/users", token, {
        name: "Caio Colega",
        email: "caio@example.com",
        password: "caio12345",
      });
      const caio = await logIn(base, { email: "caio@example.com", password: "caio12345" });
      const ticketOf = async (number: string, name: string) =>
        (await call(base, `/sandbox/${w.id}/inbound`, token, {
          number,
          name,
          body: `Oi, sou ${name}`,
        }))[0].ticketId;
      const bruna = await call(
        base,
        `/tickets/${await ticketOf("5511987654001", "Bruna Cliente")}`,
        token,
        { status: "open" },
        "PUT",
      );
      await call(base, `/tickets/${await ticketOf("5511987654002", "Dora Cliente")}`, caio, {
        status: "open",
      }, "PUT");

      const page = await newPage(browser, view);
      await signIn(page, base, ADMIN.email, ADMIN.password);

      // The conversation's Resolver: back on the list, "Ticket resolvido" with Desfazer.
      await page.goto(`${base}/tickets/${bruna.uuid}`);
      await page.getByTestId("conversation").getByText("Oi, sou Bruna Cliente").waitFor();
      await page.getByTestId("ticket-header").getByRole("button", { name: words.resolve }).click();
      await page.waitForURL(/\/tickets$/);
      await page.getByRole("button", { name: words.newTicket }).waitFor();
      assert.deepEqual(await covered(page), [], `the list, ${view.name}`);

      // Desfazer: the conversation again, and "Ticket reaberto como estava".
      await page.getByTestId("toast").getByRole("button", { name: words.undo }).click();
      await page.waitForURL(`**/tickets/${bruna.uuid}`);
      await page.getByTestId("ticket-header").waitFor();
      assert.deepEqual(await covered(page), [], `the conversation, ${view.name}`);

      // Criar ticket for a customer a colleague serves: refused, the dialog stays open.
      await page.goto(`${base}/tickets`);
      await page.getByRole("button", { name: words.newTicket }).click();
      const dialog = page.getByRole("dialog", { name: words.createTicket });
      await dialog.getByRole("combobox", { name: words.contact }).fill("Dora");
      await page.getByRole("option", { name: /Dora Cliente/ }).click();
      await dialog.getByRole("button", { name: words.create, exact: true }).click();
      assert.deepEqual(await covered(page), [], `the dialog, ${view.name}`);
      await dialog.waitFor();
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
