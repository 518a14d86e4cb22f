// Journey (issue 11, items 10 and 15): an admin works the desk by keyboard and by touch.
// The skip link jumps to the page; the language picker sits in the top bar's tab order with
// arrow keys in its menu; a tap leaves no tooltip behind; a menu link shows the next page
// complete (no loader, no empty list first); the add-connection dialog keeps messages,
// timers, lists and hours folded, opens them by keyboard, and a failed submit focuses the
// first invalid field in view (opening its section); the sandbox's disconnect speaks of no
// QR code; the schedules list has column headers and its date field speaks the app's
// language even where the browser's differs; the tag picker offers "create" without
// "no tag found" beside it.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, signIn, TIMEOUT_MS, type View, VIEWS } from "./browser.ts";
import { ADMIN, call, colleagueToken, type E2EServer, logIn, startServer } from "./server.ts";

const WORDS = {
  pt: {
    skip: "Pular para o conteúdo",
    openMenu: "Abrir menu",
    closeMenu: "Fechar menu",
    language: "Idioma",
    current: "Português",
    next: "English",
    darkMode: "Modo escuro",
    contacts: "Contatos",
    connections: "Conexões",
    addConnection: "Adicionar WhatsApp",
    add: "Adicionar",
    name: "Nome",
    messages: "Mensagens",
    timers: "Automação",
    lists: "Filtros de números",
    whitelist: "Lista branca",
    greeting: "Mensagem de saudação",
    timeToTransfer: "Transferir após (minutos)",
    msMeaning: "saudação pela hora do dia",
    disconnect: "Desconectar",
    schedules: "Agendamentos",
    listView: "Lista",
    newSchedule: "Novo agendamento",
    columns: ["Horário", "Contato e mensagem", "Status", "Ações"],
    firstDatePart: "day",
  },
  en: {
    skip: "Skip to content",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    language: "Language",
    current: "English",
    next: "Español",
    darkMode: "Dark mode",
    contacts: "Contacts",
    connections: "Connections",
    addConnection: "Add WhatsApp",
    add: "Add",
    name: "Name",
    messages: "Messages",
    timers: "Automation",
    lists: "Number filters",
    whitelist: "Allow list",
    greeting: "Greeting message",
    timeToTransfer: "Transfer after (minutes)",
    msMeaning: "greeting by the time of day",
    disconnect: "Disconnect",
    schedules: "Schedules",
    listView: "List",
    newSchedule: "New schedule",
    columns: ["Time", "Contact and message", "Status", "Actions"],
    firstDatePart: "month",
  },
};

interface Setup {
  server: E2EServer;
  browser: Browser;
  /** The admin's open ticket (desktop: the tag picker). */
  ticketUuid: string;
}
let setup: Promise<Setup> | null = null;

/** One server and browser for the file; the data every view uses is made once, by API. */
function shared(): Promise<Setup> {
  setup ??= (async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    const admin = await logIn(server.baseUrl, ADMIN);
    const me = await call(server.baseUrl, "/auth/me", admin);
    // The admin's browser sign-ins end his API session: setup and checks go through a colleague.
    const token = await colleagueToken(server.baseUrl, admin);
    const w = await call(server.baseUrl, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
    const contact = await call(server.baseUrl, "/contacts", token, {
      name: "Bruna Cliente",
      number: "5511987650002",
    });
    await call(server.baseUrl, "/schedules", token, {
      body: "Lembrete do pedido",
      sendAt: new Date(Date.now() + 26 * 3600_000).toISOString(),
      contactId: contact.id,
      whatsappId: w.id,
    });
    await call(server.baseUrl, `/sandbox/${w.id}/inbound`, token, {
      number: "5511987650009",
      name: "Caio Cliente",
      body: "Quero etiquetar",
    });
    const [waiting] = (await call(server.baseUrl, "/tickets?status=pending", token)).tickets;
    await call(server.baseUrl, `/tickets/${waiting.id}`, token, {
      status: "open",
      userId: me.id,
    }, "PUT");
    return { server, browser, ticketUuid: waiting.uuid as string };
  })();
  return setup;
}

/** A page whose browser speaks another language than the app (set in localStorage). */
async function foreignBrowserPage(browser: Browser, view: View): Promise<Page> {
  const phone = view.viewport.width < 600;
  const context = await browser.newContext({
    viewport: view.viewport,
    locale: view.language === "pt" ? "en-US" : "pt-BR",
    colorScheme: "light",
    isMobile: phone,
    hasTouch: phone,
  });
  await context.addInitScript((lang) => localStorage.setItem("language", lang), view.language);
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  return page;
}

const focusedText = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.getAttribute("aria-label") || active?.textContent?.trim() || "";
  });

/** The element is on screen (inside the viewport), not scrolled away. */
async function inView(page: Page, locator: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
}

/** The menu link, through the drawer on a phone. */
async function openLink(page: Page, phone: boolean, name: string, words: typeof WORDS.pt) {
  if (phone) await page.getByRole("button", { name: words.openMenu }).click();
  // The connections entry's name may carry its alert ("needs attention").
  await page.getByRole("navigation").getByRole("link", { name: new RegExp(`^${name}`) }).click();
}

for (const view of VIEWS) {
  Deno.test({
    name:
      `polish: skip link, language picker, tooltips, page switch, connection dialog, schedules: ${view.name}`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const { server, browser, ticketUuid } = await shared();
      const base = server.baseUrl;
      const words = WORDS[view.language as "pt" | "en"];
      const phone = view.viewport.width < 600;
      const page = await foreignBrowserPage(browser, view);
      try {
        await signIn(page, base, ADMIN.email, ADMIN.password);
        await page.getByRole("main").getByRole("tab").first().waitFor();

        // 15f: the first Tab stop is the skip link, shown, and it jumps into the page.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press("Tab");
        const skip = page.getByRole("link", { name: words.skip });
        assert.equal(await focusedText(page), words.skip);
        assert.ok(await inView(page, skip), "the skip link is visible once focused");
        await page.keyboard.press("Enter");
        assert.equal(await page.evaluate(() => document.activeElement?.id), "main-content");
        await page.keyboard.press("Tab");
        assert.ok(
          await page.evaluate(() => Boolean(document.activeElement?.closest("main"))),
          "the next Tab lands in the page (the ticket list), past the bar and the menu",
        );

        // 15g: the language picker comes in the top bar's order; arrows move in its menu.
        await skip.focus();
        await page.keyboard.press("Tab");
        assert.match(await focusedText(page), new RegExp(`${words.openMenu}|${words.closeMenu}`));
        await page.keyboard.press("Tab");
        assert.equal(await focusedText(page), words.language);
        await page.keyboard.press("Enter");
        assert.equal(
          await focusedText(page),
          words.current,
          "the menu opens on the current language",
        );
        await page.keyboard.press("ArrowDown");
        assert.equal(await focusedText(page), words.next);
        await page.keyboard.press("Escape");
        // The popover hands the focus back to its button within a frame.
        await page.getByRole("menu").waitFor({ state: "detached" });
        await page.waitForFunction(
          (name) => document.activeElement?.getAttribute("aria-label") === name,
          words.language,
        );
        await page.keyboard.press("Tab");
        assert.equal(await focusedText(page), words.darkMode);

        // 15e: a tap on a bar button (its menu opened and closed by touch) leaves no tooltip.
        if (phone) {
          const picker = page.getByRole("button", { name: words.language });
          await picker.tap();
          await page.getByRole("menuitemradio", { name: words.current }).tap();
          await page.waitForTimeout(1_200);
          assert.equal(await page.getByRole("tooltip").count(), 0, "no tooltip after a tap");
        } else {
          // A mouse user (the keyboard's last keys would keep tooltips to focus only).
          await page.mouse.click(900, 400);
          await page.getByRole("button", { name: words.language }).hover();
          await page.getByRole("tooltip").filter({ hasText: words.language }).waitFor();
          await page.mouse.move(600, 600);
        }

        // 15a: a menu link keeps the desk on screen until the next page can draw: no loader,
        // never a blank page between the two.
        const watch = page.evaluate(
          (heading) =>
            new Promise<{ loader: boolean; blank: boolean }>((resolve) => {
              let loader = false;
              let blank = false;
              const check = () => {
                const main = document.querySelector("main");
                if (main?.querySelector('[role="progressbar"]')) loader = true;
                if (!main?.textContent?.trim()) blank = true;
                const title = main?.querySelector("h1")?.textContent ?? "";
                if (title.startsWith(heading)) resolve({ loader, blank });
                else requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
            }),
          words.contacts,
        );
        await openLink(page, phone, words.contacts, words);
        const shown = await watch;
        assert.deepEqual(shown, { loader: false, blank: false }, "no loader, no blank page");
        await page.getByRole("main").getByText("Bruna Cliente").waitFor();

        // 10: the connection dialog: essentials first, the rest folded and opened by keyboard.
        await openLink(page, phone, words.connections, words);
        await page.getByRole("button", { name: words.addConnection }).click();
        const dialog = page.getByRole("dialog", { name: words.addConnection });
        const messages = dialog.getByRole("button", { name: words.messages });
        assert.equal(await messages.getAttribute("aria-expanded"), "false");
        assert.equal(
          await dialog.getByLabel(words.greeting).isVisible(),
          false,
          "messages start folded",
        );
        await messages.focus();
        await page.keyboard.press("Enter");
        assert.equal(await messages.getAttribute("aria-expanded"), "true");
        await dialog.getByLabel(words.greeting).waitFor();
        // 15c: the variables are the shared list, each explained.
        await dialog.getByText("{{ms}}").waitFor();
        await dialog.getByText(words.msMeaning).waitFor();
        await page.keyboard.press("Space");
        assert.equal(await messages.getAttribute("aria-expanded"), "false");

        const lists = dialog.getByRole("button", { name: words.lists });
        await lists.focus();
        await page.keyboard.press("Enter");
        await dialog.getByLabel(words.whitelist).fill("123");
        await lists.focus();
        await page.keyboard.press("Enter");
        assert.equal(await lists.getAttribute("aria-expanded"), "false");
        const timers = dialog.getByRole("button", { name: words.timers });
        await timers.focus();
        await page.keyboard.press("Enter");
        await messages.focus();
        await page.keyboard.press("Enter");
        // Scrolled to the bottom, the name (empty) is far above.
        await dialog.getByLabel(words.timeToTransfer).scrollIntoViewIfNeeded();
        const name = dialog.getByRole("textbox", { name: words.name, exact: true });
        assert.equal(await inView(page, name), false, "the name is out of view before submitting");
        await dialog.getByRole("button", { name: words.add, exact: true }).click();
        await page.waitForFunction(() =>
          document.activeElement?.getAttribute("aria-invalid") === "true"
        );
        assert.ok(
          await name.evaluate((el) => el === document.activeElement),
          "the name is focused",
        );
        assert.ok(await inView(page, name), "and scrolled into view");
        assert.equal(
          await lists.getAttribute("aria-expanded"),
          "true",
          "a section with an error opens",
        );

        await name.fill(`Filial ${view.language}`);
        await dialog.getByRole("button", { name: words.add, exact: true }).click();
        const whitelist = dialog.getByLabel(words.whitelist);
        await page.waitForFunction(() => document.activeElement?.tagName === "INPUT");
        assert.ok(await whitelist.evaluate((el) => el === document.activeElement), "then the list");
        assert.ok(await inView(page, whitelist));
        await whitelist.fill("");
        await dialog.getByRole("button", { name: words.add, exact: true }).click();
        await dialog.waitFor({ state: "detached" });

        // 15b: the sandbox's disconnect speaks of no QR code.
        const row = page.getByRole("row").filter({ hasText: "Loja" });
        await row.getByRole("button", { name: words.disconnect }).click();
        const confirm = page.getByRole("alertdialog", { name: `${words.disconnect} Loja?` });
        await confirm.waitFor();
        assert.doesNotMatch(await confirm.innerText(), /QR/i);
        await page.keyboard.press("Escape");
        await confirm.waitFor({ state: "detached" });

        // 15h and 15j: the schedules have column headers; the date speaks the app's language.
        await openLink(page, phone, words.schedules, words);
        // The list is one of the calendar's views.
        await page.getByRole("radio", { name: words.listView }).click();
        await page.getByText("Lembrete do pedido").waitFor();
        const headers = await page.getByRole("columnheader").allTextContents();
        assert.deepEqual(headers, words.columns);
        await page.getByRole("button", { name: words.newSchedule }).click();
        const scheduleDialog = page.getByRole("dialog");
        const firstPart = scheduleDialog.getByRole("spinbutton").first();
        assert.equal(await firstPart.getAttribute("data-type"), words.firstDatePart);
        await page.keyboard.press("Escape");

        // 15d: a name no tag has offers "create" alone, without "no tag found" beside it.
        if (!phone) {
          await page.goto(`${base}/tickets/${ticketUuid}`);
          await page.getByTestId("conversation").getByText("Quero etiquetar").waitFor();
          await page.getByRole("button", { name: "Tags" }).first().click();
          await page.getByRole("textbox", { name: "Buscar ou criar tag" }).fill("Urgente");
          await page.getByRole("button", { name: 'Criar tag "Urgente"' }).waitFor();
          assert.equal(await page.getByText("Nenhuma tag encontrada").count(), 0);
          await page.getByRole("textbox", { name: "Buscar ou criar tag" }).fill("Ur");
          await page.getByText("Nenhuma tag encontrada").waitFor();
        }
      } finally {
        await page.context().close();
      }
    },
  });
}

Deno.test({
  name: "polish: stop the server",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    if (!setup) return;
    const { server, browser } = await setup;
    await browser.close();
    await server.stop();
  },
});
