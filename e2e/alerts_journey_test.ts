// Journeys of issue 11 items 3 and 4, as a desktop in Portuguese and a phone in English:
// a new customer rings agent B's desk (bell, count in the tab's title, chime, opening the
// ticket from the bell); agent A resolves from the list and takes it back with Desfazer;
// the admin resolving a colleague's ticket is asked first.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { countChimes, joined, launchBrowser, newPage, signIn, VIEWS } from "./browser.ts";
import { describeViolations, seriousViolations } from "./a11y.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";
import { waitFor } from "../server/poll.ts";

const WORDS = {
  pt: {
    bell: "Notificações",
    bellCount: "Notificações: 1 atendimento precisa de atenção",
    waitingUnread: /Aguardando.*1 conversa não lida/,
    resolve: "Resolver",
    undo: "Desfazer",
    all: "Todos",
    attending: /Atendendo/,
    confirm: "Este ticket é de Ana Agente. Resolver mesmo assim?",
    list: "Atendimentos",
    splitter: "Largura da lista de tickets",
  },
  en: {
    bell: "Notifications",
    bellCount: "Notifications: 1 ticket needs attention",
    waitingUnread: /Waiting.*1 unread conversation/,
    resolve: "Resolve",
    undo: "Undo",
    all: "All",
    attending: /Attending/,
    confirm: "This ticket belongs to Ana Agente. Resolve it anyway?",
    list: "Tickets",
    splitter: "Ticket list width",
  },
};

/** Every target sits in react-aria's live announcer (a role="log" region it adds to the body). */
function inAnnouncer(page: Page, targets: string[]) {
  return page.evaluate(
    (selectors) =>
      selectors.every((s) => document.querySelector(s)?.closest('[role="log"][aria-live]')),
    targets,
  );
}

/** On a phone the desk shows the list or the ticket: bring the list forward when it is hidden. */
async function showList(page: Page, label: string) {
  const tab = page.getByRole("tab", { name: label, exact: true });
  if (await tab.count() && await tab.getAttribute("aria-selected") !== "true") await tab.click();
}

for (const view of VIEWS) {
  Deno.test(`alerts: a new customer rings the agent; Resolver offers Desfazer and asks for a colleague's ticket: ${view.name}`, async () => {
    const words = WORDS[view.language as "pt" | "en"];
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const base = server.baseUrl;
      // The admin's browser sign-in ends his other sessions: the API calls go through a colleague.
      const token = await colleagueToken(base, await logIn(base, ADMIN));
      const sales = await call(base, "/queue", token, { name: "Vendas", color: "#2196F3" });
      const ana = await call(base, "/users", token, {
        name: "Ana Agente",
        email: "ana@example.com",
        password: "ana123456",
        queueIds: [sales.id],
      });
      await call(base, "/users", token, {
        name: "Bia Agente",
        email: "bia@example.com",
        password: "bia123456",
        queueIds: [sales.id],
      });
      const w = await call(base, "/whatsapp", token, {
        name: "Loja",
        provider: "sandbox",
        queueIds: [sales.id],
      });
      const anaToken = await logIn(base, { email: "ana@example.com", password: "ana123456" });

      // (3) Bia's desk is open; a new customer writes into her queue.
      const bia = await newPage(browser, view);
      const chimes = await countChimes(bia);
      const listening = joined(bia, `queue-${sales.id}-notification`);
      await signIn(bia, base, "bia@example.com", "bia123456");
      await listening;
      // The frame is sent; the server takes it in a moment, beside the test's own calls.
      await bia.waitForTimeout(300);
      assert.equal(await bia.title(), "Inbox");
      const [first] = await call(base, `/sandbox/${w.id}/inbound`, token, {
        number: "5511987650001",
        name: "Carla Cliente",
        body: "Quero comprar",
      });
      await bia.waitForFunction(() => document.title === "(1) Inbox");
      // The ticket moves into the queue after its first message: still one chime.
      const waiting = await waitFor(async () => {
        const t = await call(base, `/tickets/${first.ticketId}`, token);
        return t.queueId !== null && t;
      }, 5000, "the ticket's queue");
      assert.equal(waiting.queueId, sales.id);
      // The chime plays once its sound is decoded: waited for, then no second one may follow.
      await bia.waitForFunction(() => (globalThis as unknown as { chimes: number }).chimes >= 1);
      await bia.waitForTimeout(500);
      assert.equal(await chimes(), 1, "one chime for one new ticket");
      // The list's tab counts the unread conversation.
      await bia.getByRole("tab", { name: words.waitingUnread }).waitFor();
      const bell = bia.getByRole("button", { name: words.bell, exact: true });
      // The count is the bell's description (the badge is drawn for the eye).
      assert.equal(await bell.locator("[data-count]").getAttribute("data-count"), "1");
      await bia.getByText(words.bellCount).waitFor({ state: "attached" });
      await bell.click();
      await bia.getByRole("dialog", { name: words.bell }).getByRole("link", {
        name: "Carla Cliente",
      }).click();
      await bia.waitForURL(`**/tickets/${waiting.uuid}`);

      // (4) Ana resolves her ticket from the list and takes it back.
      await call(base, `/tickets/${first.ticketId}`, anaToken, { status: "open" }, "PUT");
      const anaPage = await newPage(browser, view);
      await signIn(anaPage, base, "ana@example.com", "ana123456");
      await showList(anaPage, words.list);
      await anaPage.getByRole("tab", { name: words.attending }).click();
      const row = anaPage.getByTestId("ticket-item").filter({ hasText: "Carla Cliente" });
      await row.getByRole("button", { name: words.resolve, exact: true }).click();
      await row.waitFor({ state: "detached" });
      await anaPage.getByRole("button", { name: words.undo, exact: true }).click();
      await row.waitFor();
      const back = await call(base, `/tickets/${first.ticketId}`, token);
      assert.deepEqual([back.status, back.userId, back.queueId], ["open", ana.id, sales.id]);

      // (11) On a wide screen the list is as wide as Ana makes it, from the keyboard too.
      const splitter = anaPage.getByRole("separator", { name: words.splitter });
      if (view.viewport.width >= 900) {
        const width = Number(await splitter.getAttribute("aria-valuenow"));
        await splitter.focus();
        await anaPage.keyboard.press("ArrowRight");
        await anaPage.keyboard.press("ArrowRight");
        assert.equal(Number(await splitter.getAttribute("aria-valuenow")), width + 32);
        await anaPage.reload();
        assert.equal(
          Number(await splitter.getAttribute("aria-valuenow")),
          width + 32,
          "remembered",
        );
      } else {
        assert.equal(await splitter.count(), 0, "a phone shows one pane at a time");
      }
      // react-aria's live announcer keeps role="img" nodes naming announcements already gone.
      const found = [];
      for (const v of await seriousViolations(anaPage)) {
        if (v.id === "role-img-alt" && await inAnnouncer(anaPage, v.targets)) continue;
        found.push(v);
      }
      assert.deepEqual(found, [], describeViolations(found));

      // The admin resolving Ana's ticket is asked first.
      const admin = await newPage(browser, view);
      await signIn(admin, base, ADMIN.email, ADMIN.password);
      await showList(admin, words.list);
      // The switch's input is visually hidden under its track: toggled from the keyboard.
      await admin.getByRole("switch", { name: words.all }).focus();
      await admin.keyboard.press("Space");
      await admin.getByRole("tab", { name: words.attending }).click();
      const adminRow = admin.getByTestId("ticket-item").filter({ hasText: "Carla Cliente" });
      await adminRow.getByRole("button", { name: words.resolve, exact: true }).click();
      const confirm = admin.getByRole("alertdialog");
      await confirm.getByText(words.confirm).waitFor();
      assert.equal(
        (await call(base, `/tickets/${first.ticketId}`, token)).status,
        "open",
        "nothing closed before the answer",
      );
      await confirm.getByRole("button", { name: words.resolve, exact: true }).click();
      await adminRow.waitFor({ state: "detached" });
      assert.equal((await call(base, `/tickets/${first.ticketId}`, token)).status, "closed");
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}

Deno.test("alerts: a ticket that arrives while the bell reads its list stays in the bell", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await colleagueToken(base, await logIn(base, ADMIN));
    const sales = await call(base, "/queue", token, { name: "Vendas", color: "#2196F3" });
    await call(base, "/users", token, {
      name: "Bia Agente",
      email: "bia@example.com",
      password: "bia123456",
      queueIds: [sales.id],
    });
    const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox", queueIds: [sales.id] });
    const bia = await newPage(browser);
    // The bell's first read is answered as the server had it (no ticket yet), but handed to
    // the page only after the new ticket's events: the stale answer a slow network gives.
    let release!: () => void;
    const released = new Promise<void>((resolve) => release = resolve);
    let read!: () => void;
    const readDone = new Promise<void>((resolve) => read = resolve);
    await bia.route(
      (url) => url.pathname === "/tickets" && url.searchParams.has("users") && url.searchParams.get("withUnreadMessages") === "true",
      async (route) => {
        const response = await route.fetch();
        read();
        await released;
        await route.fulfill({ response });
      },
    );
    const listening = joined(bia, `queue-${sales.id}-notification`);
    await signIn(bia, base, "bia@example.com", "bia123456");
    await Promise.all([listening, readDone]);
    await bia.waitForTimeout(300);
    await call(base, `/sandbox/${w.id}/inbound`, token, { number: "5511987650002", name: "Davi Cliente", body: "Oi" });
    await bia.waitForFunction(() => document.title.startsWith("(1) "));
    const answered = bia.waitForEvent("requestfinished", (request) => request.url().includes("withUnreadMessages=true"));
    release();
    await answered;
    // The answer is applied in the next turns of the page's loop; a dropped ticket shows at once.
    await bia.waitForTimeout(300);
    assert.match(await bia.title(), /^\(1\) /);
    const bell = bia.getByRole("button", { name: "Notificações", exact: true });
    assert.equal(await bell.locator("[data-count]").getAttribute("data-count"), "1");
  } finally {
    await browser.close();
    await server.stop();
  }
});
