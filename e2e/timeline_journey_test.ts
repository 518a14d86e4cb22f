// Journeys of the conversation's timeline (issue 11, items 1, 2 and 7), on a desktop in
// Portuguese and a phone in English: (1) a returning customer's new ticket shows the earlier
// ticket above it under a divider with its dates and attendant; (2) an agent reads a waiting
// ticket of his queue before taking it, with no composer, then accepts and answers; (7) a
// note added inline shows as internal, reaches a colleague's open conversation live, and is
// listed in the contact panel of the contact's next ticket.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser, newPage, signIn, VIEWS } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

const WORDS = {
  pt: {
    divider: "Atendimento anterior",
    attendant: "Atendente: Ana Agente",
    waitingTab: /Aguardando/,
    accept: "Aceitar",
    composer: "Mensagem",
    send: "Enviar",
    note: "Nota interna",
    addNote: "Adicionar nota",
    earlierNotes: "Notas de atendimentos anteriores",
    contact: (name: string) => `${name}: dados do contato`,
  },
  en: {
    divider: "Earlier conversation",
    attendant: "Agent: Ana Agente",
    waitingTab: /Waiting/,
    accept: "Accept",
    composer: "Message",
    send: "Send",
    note: "Internal note",
    addNote: "Add note",
    earlierNotes: "Notes from earlier conversations",
    contact: (name: string) => `${name}: contact details`,
  },
};

const MOMENT = String.raw`\d{2}/\d{2}/\d{4} \d{2}:\d{2}`;

for (const view of VIEWS) {
  Deno.test(`timeline: history above the ticket, a waiting ticket read before accepting, notes inline: ${view.name}`, async (t) => {
    const words = WORDS[view.language as "pt" | "en"];
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const base = server.baseUrl;
      const admin = await logIn(base, ADMIN);
      const sales = await call(base, "/queue", admin, { name: "Vendas", color: "#2196F3" });
      const people = { ana: "ana12345", bia: "bia12345" };
      const anaUser = await call(base, "/users", admin, {
        name: "Ana Agente",
        email: "ana@example.com",
        password: people.ana,
        queueIds: [sales.id],
      });
      await call(base, "/users", admin, {
        name: "Bia Agente",
        email: "bia@example.com",
        password: people.bia,
        queueIds: [sales.id],
      });
      await call(base, "/users", admin, {
        name: "Olga Admin",
        email: "olga@example.com",
        password: "olga12345",
        profile: "admin",
      });
      const w = await call(base, "/whatsapp", admin, { name: "Loja", provider: "sandbox" });
      // Every closed ticket is old enough: the customer's next message starts a new ticket.
      await call(base, "/settings/timeCreateNewTicket", admin, { value: "0" }, "PUT");
      const ana = await logIn(base, { email: "ana@example.com", password: people.ana });
      const write = async (number: string, name: string, body: string) =>
        (await call(base, `/sandbox/${w.id}/inbound`, admin, { number, name, body }))[0]
          .ticketId as number;
      // Ana's browser sign-in ends her API token's session: the admin assigns her tickets.
      const take = (id: number) =>
        call(base, `/tickets/${id}`, admin, {
          status: "open",
          queueId: sales.id,
          userId: anaUser.id,
        }, "PUT");

      // Rita's first ticket, answered by Ana and resolved; then she writes again.
      const first = await write("5511987650001", "Rita Cliente", "Quero trocar o tamanho");
      await take(first);
      await call(base, `/messages/${first}`, ana, { body: "Claro, qual tamanho?" });
      await call(base, `/tickets/${first}`, ana, { status: "closed" }, "PUT");
      const second = await write("5511987650001", "Rita Cliente", "Voltei: o pedido não chegou");
      assert.notEqual(second, first, "a new ticket, not the old one reopened");
      const current = await take(second);

      const anaPage = await newPage(browser, view);
      await signIn(anaPage, base, "ana@example.com", people.ana);

      await t.step(
        "1: the agent scrolls up past the new ticket and reads the earlier one under its divider",
        async () => {
          await anaPage.goto(`${base}/tickets/${current.uuid}`);
          const conversation = anaPage.getByTestId("conversation");
          await conversation.getByText("Voltei: o pedido não chegou").waitFor();
          await scrollToTop(anaPage);
          const divider = conversation.getByTestId("history-divider");
          await divider.waitFor();
          const text = await divider.innerText();
          assert.match(text, new RegExp(`${words.divider} · ${MOMENT} – ${MOMENT}`), text);
          assert.match(text, new RegExp(words.attendant), text);
          assert.match(text, /Vendas/, text);
          await conversation.getByText("Quero trocar o tamanho").waitFor();
          await conversation.getByText("Claro, qual tamanho?").waitFor();
          // The earlier ticket sits above the new one.
          const earlierY =
            (await conversation.getByText("Quero trocar o tamanho").boundingBox())!.y;
          const newerY =
            (await conversation.getByText("Voltei: o pedido não chegou").boundingBox())!.y;
          assert.ok(earlierY < newerY, `${earlierY} < ${newerY}`);
        },
      );

      await t.step(
        "2: an agent of the queue reads a waiting ticket, with Aceitar instead of a composer, then answers",
        async () => {
          const waiting = await write("5511987650002", "Caio Cliente", "Oi, alguém aí?");
          await call(base, `/tickets/${waiting}`, admin, { queueId: sales.id }, "PUT");
          const bia = await newPage(browser, view);
          await signIn(bia, base, "bia@example.com", people.bia);
          await bia.getByRole("tab", { name: words.waitingTab }).click();
          await bia.getByRole("link", { name: "Caio Cliente" }).click();
          const conversation = bia.getByTestId("conversation");
          await conversation.getByText("Oi, alguém aí?").waitFor();
          const bar = bia.getByTestId("pending-bar");
          await bar.waitFor();
          assert.equal(
            await bia.getByRole("textbox", { name: words.composer, exact: true }).count(),
            0,
            "no composer",
          );
          const seen = await call(base, `/tickets/${waiting}`, admin);
          assert.equal(seen.status, "pending", "reading does not take it");
          assert.equal(seen.unreadMessages, 1, "nor read it for the others");
          await bar.getByRole("button", { name: words.accept }).click();
          const box = bia.getByRole("textbox", { name: words.composer, exact: true });
          await box.fill("Olá Caio, sou a Bia.");
          await bia.getByRole("button", { name: words.send, exact: true }).click();
          await conversation.getByText("Olá Caio, sou a Bia.").waitFor();
          assert.equal((await call(base, `/tickets/${waiting}`, admin)).status, "open");
          await bia.context().close();
        },
      );

      await t.step(
        "7: a note added inline is internal, a colleague sees it live, the next ticket's contact panel lists it",
        async () => {
          const olga = await newPage(browser, view);
          await signIn(olga, base, "olga@example.com", "olga12345");
          await olga.goto(`${base}/tickets/${current.uuid}`);
          await olga.getByTestId("conversation").getByText("Voltei: o pedido não chegou").waitFor();

          const conversation = anaPage.getByTestId("conversation");
          await anaPage.getByRole("radio", { name: words.note }).click();
          await anaPage.getByRole("textbox", { name: words.note }).fill(
            "Cliente prefere troca por M",
          );
          await anaPage.getByRole("button", { name: words.addNote }).click();
          const note = conversation.getByTestId("note-row").filter({
            hasText: "Cliente prefere troca por M",
          });
          await note.waitFor();
          assert.match(await note.innerText(), new RegExp(words.note));
          assert.equal(
            await conversation.getByTestId("message").filter({
              hasText: "Cliente prefere troca por M",
            }).count(),
            0,
            "never a message",
          );
          const phone = await call(base, `/sandbox/${w.id}/outbox?number=5511987650001`, admin);
          assert.ok(
            phone.records.every((r: { body: string }) => !r.body.includes("Cliente prefere")),
            "nothing reaches the customer",
          );

          const live = olga.getByTestId("note-row").filter({
            hasText: "Cliente prefere troca por M",
          });
          await live.waitFor();
          assert.match(await live.innerText(), /Ana Agente/);
          await olga.context().close();

          // Resolved; Rita writes again, and Ana's contact panel on the new ticket lists the note.
          await call(base, `/tickets/${second}`, admin, { status: "closed" }, "PUT");
          const third = await take(await write("5511987650001", "Rita Cliente", "Mais uma dúvida"));
          await anaPage.goto(`${base}/tickets/${third.uuid}`);
          await anaPage.getByTestId("conversation").getByText("Mais uma dúvida").waitFor();
          await anaPage.getByRole("button", { name: words.contact("Rita Cliente") }).click();
          const list = anaPage.getByTestId("contact-notes");
          await list.waitFor();
          const listed = await list.innerText();
          assert.match(listed, /Cliente prefere troca por M/);
          assert.match(listed, new RegExp(`#${second}`), listed);
          await anaPage.getByRole("heading", { name: words.earlierNotes }).waitFor();
        },
      );
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}

/** The agent scrolls the conversation to its top (older pages load from there). */
async function scrollToTop(page: Page) {
  const log = page.getByTestId("conversation").getByRole("log");
  for (let i = 0; i < 5; i++) {
    await log.evaluate((element) => element.scrollTo({ top: 0 }));
    await page.waitForTimeout(100);
  }
}
