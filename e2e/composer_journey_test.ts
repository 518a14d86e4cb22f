// Journeys of the composer, once per view (desktop in Portuguese, phone in English):
// replying in a colleague's ticket asks once; a draft (text and reply-to) survives a switch
// of tickets, a reload and a forced sign-out, and goes when sent; a document with a caption
// reaches the customer once with its name; toasts leave the send and microphone buttons
// free; a company may allow several sessions per user.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage, signIn, storageItem, type View, VIEWS } from "./browser.ts";
import { ADMIN, call, colleagueToken, type E2EServer, logIn, startServer } from "./server.ts";

const WORDS = {
  pt: {
    owner: (name: string) => `Este ticket é de ${name}`,
    sendAnyway: "Enviar mesmo assim",
    message: "Mensagem",
    send: "Enviar",
    options: "Opções da mensagem",
    reply: "Responder",
    cancelReply: "Cancelar resposta",
    attach: "Anexar arquivos",
    caption: "Legenda",
    record: "Gravar áudio",
    elsewhere: "Sua conta foi acessada em outro computador.",
    openPhone: "Abrir o telefone simulado do cliente (Loja)",
    customerNumber: "Número do cliente",
    fromCompany: "Mensagem de Loja",
  },
  en: {
    owner: (name: string) => `This ticket belongs to ${name}`,
    sendAnyway: "Send anyway",
    message: "Message",
    send: "Send",
    options: "Message options",
    reply: "Reply",
    cancelReply: "Cancel reply",
    attach: "Attach files",
    caption: "Caption",
    record: "Record audio",
    elsewhere: "Your account was accessed from another computer.",
    openPhone: "Open the customer's simulated phone (Loja)",
    customerNumber: "Customer number",
    fromCompany: "Message from Loja",
  },
} as const;

const words = (view: View) => WORDS[view.language === "pt" ? "pt" : "en"];

// One server and browser for the file; each test sets up its own users and customers.
interface World {
  server: E2EServer;
  browser: Browser;
  /** An admin's API token kept apart from the browser sign-ins (they end a user's other sessions). */
  ops: string;
  whatsappId: number;
}

const TESTS = VIEWS.length * 5;
let world: Promise<World> | null = null;
let finished = 0;

function shared(): Promise<World> {
  world ??= (async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    const ops = await colleagueToken(server.baseUrl, await logIn(server.baseUrl, ADMIN));
    const w = await call(server.baseUrl, "/whatsapp", ops, { name: "Loja", provider: "sandbox" });
    return { server, browser, ops, whatsappId: w.id };
  })();
  return world;
}

async function release(): Promise<void> {
  if (++finished < TESTS || !world) return;
  const { server, browser } = await world;
  await browser.close();
  await server.stop();
}

function journey(name: string, fn: (w: World, view: View, tag: string) => Promise<void>) {
  VIEWS.forEach((view, index) => {
    Deno.test({
      name: `composer: ${name}: ${view.name}`,
      // The server and browser outlive each test: they are shared by the file's tests.
      sanitizeOps: false,
      sanitizeResources: false,
      fn: async () => {
        try {
          await fn(await shared(), view, `${name.split(" ")[0]}${index}`);
        } finally {
          await release();
        }
      },
    });
  });
}

// Two agents (profile user), one per view; the plan allows ten users.
const AGENTS = [
  { name: "Ana Lima", email: "ana@example.com", password: "ana123456" },
  { name: "Bia Souza", email: "bia@example.com", password: "bia123456" },
];
const agentIds = new Map<number, Promise<number>>();
let customerCount = 0;

/**
 * The view's agent with an open ticket from each new customer. Her API token is fresh:
 * a browser sign-in in an earlier test ended the previous one.
 */
async function agentWithTicket(
  w: World,
  view: View,
  customers: string[],
  whatsappId = w.whatsappId,
) {
  const base = w.server.baseUrl;
  const index = VIEWS.indexOf(view);
  const agent = AGENTS[index];
  if (!agentIds.has(index)) {
    agentIds.set(
      index,
      call(base, "/users", w.ops, { ...agent, profile: "user" }).then((u) => u.id),
    );
  }
  const id = await agentIds.get(index)!;
  const token = await logIn(base, agent);
  const tickets = [];
  for (const customer of customers) {
    const number = `5511980${String(++customerCount).padStart(6, "0")}`;
    await call(base, `/sandbox/${whatsappId}/inbound`, w.ops, {
      number,
      name: customer,
      body: `Oi, sou ${customer}`,
    });
    const mine = (await call(
      base,
      `/tickets?status=pending&searchParam=${encodeURIComponent(customer)}`,
      token,
    )).tickets;
    const waiting = mine.find((t: { contact: { name: string } }) => t.contact.name === customer);
    tickets.push({
      ...(await call(base, `/tickets/${waiting.id}`, token, { status: "open" }, "PUT")),
      number,
    });
  }
  return { ...agent, id, token, tickets };
}

/** Moves to another ticket inside the app (no reload): the composer remounts as on a click in the list. */
async function openInApp(page: Page, uuid: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState(null, "", path);
    dispatchEvent(new PopStateEvent("popstate"));
  }, `/tickets/${uuid}`);
}

function composerBox(page: Page, view: View) {
  return page.getByTestId("conversation").getByRole("textbox", {
    name: words(view).message,
    exact: true,
  });
}

async function outbox(w: World, number: string) {
  return (await call(w.server.baseUrl, `/sandbox/${w.whatsappId}/outbox?number=${number}`, w.ops))
    .records;
}

journey(
  "an admin replying in an agent's ticket sees whose it is and is asked once",
  async (w, view, tag) => {
    const say = words(view);
    const ana = await agentWithTicket(w, view, [`Carla ${tag}`]);
    const [ticket] = ana.tickets;
    const page = await newPage(w.browser, view);
    try {
      await signIn(page, w.server.baseUrl, ADMIN.email, ADMIN.password);
      await page.goto(`${w.server.baseUrl}/tickets/${ticket.uuid}`);
      await page.getByTestId("conversation").getByText(`Oi, sou Carla ${tag}`).waitFor();
      assert.equal(await page.getByTestId("colleague-ticket").innerText(), say.owner(ana.name));

      await composerBox(page, view).fill("Olá, aqui é o administrador");
      await page.getByRole("button", { name: say.send, exact: true }).click();
      const ask = page.getByRole("alertdialog");
      await ask.waitFor();
      assert.match(await ask.innerText(), new RegExp(ana.name));
      assert.equal((await outbox(w, ticket.number)).length, 0, "nothing goes before the answer");
      await ask.getByRole("button", { name: say.sendAnyway }).click();
      await page.getByTestId("conversation").getByText("Olá, aqui é o administrador").waitFor();

      await composerBox(page, view).fill("Segunda mensagem");
      await page.getByRole("button", { name: say.send, exact: true }).click();
      await page.getByTestId("conversation").getByText("Segunda mensagem").waitFor();
      assert.equal(
        await page.getByRole("alertdialog").count(),
        0,
        "asked only once in this ticket",
      );
      const sent = (await outbox(w, ticket.number)).map((r: { body: string }) => r.body);
      assert.equal(sent.length, 2);
      assert.match(sent[1], /Segunda mensagem$/);
    } finally {
      await page.context().close();
    }
  },
);

journey(
  "a draft with its reply-to survives a switch of tickets and a reload and goes when sent",
  async (w, view, tag) => {
    const say = words(view);
    const ana = await agentWithTicket(w, view, [`Davi ${tag}`, `Eva ${tag}`]);
    const [first, second] = ana.tickets;
    const page = await newPage(w.browser, view);
    try {
      await signIn(page, w.server.baseUrl, ana.email, ana.password);
      await page.goto(`${w.server.baseUrl}/tickets/${first.uuid}`);
      const conversation = page.getByTestId("conversation");
      await conversation.getByText(`Oi, sou Davi ${tag}`).click();
      await conversation.getByRole("button", { name: say.options }).click();
      await page.getByRole("menuitem", { name: say.reply }).click();
      await composerBox(page, view).fill("Rascunho para o Davi");
      const replyBar = () => conversation.getByRole("button", { name: say.cancelReply });

      await openInApp(page, second.uuid);
      await conversation.getByText(`Oi, sou Eva ${tag}`).waitFor();
      assert.equal(
        await composerBox(page, view).inputValue(),
        "",
        "the other ticket has its own draft",
      );
      assert.equal(await replyBar().count(), 0);

      await openInApp(page, first.uuid);
      await conversation.getByText(`Oi, sou Davi ${tag}`).first().waitFor();
      assert.equal(await composerBox(page, view).inputValue(), "Rascunho para o Davi");
      await replyBar().waitFor();

      await page.reload();
      await conversation.getByText(`Oi, sou Davi ${tag}`).first().waitFor();
      assert.equal(await composerBox(page, view).inputValue(), "Rascunho para o Davi");
      await replyBar().waitFor();

      await page.getByRole("button", { name: say.send, exact: true }).click();
      await conversation.getByText("Rascunho para o Davi").waitFor();
      assert.equal(await composerBox(page, view).inputValue(), "");
      assert.equal(
        await storageItem(page, `draft:${ana.id}:${first.id}`),
        null,
        "sent: the draft is gone",
      );
      await page.reload();
      await conversation.getByText(`Oi, sou Davi ${tag}`).first().waitFor();
      assert.equal(await composerBox(page, view).inputValue(), "");
      assert.equal(await replyBar().count(), 0);
      const [sent] = await outbox(w, first.number);
      assert.match(sent.body, /Rascunho para o Davi$/);
    } finally {
      await page.context().close();
    }
  },
);

journey(
  "a document with a caption reaches the customer once, named, with the signature in its text",
  async (w, view, tag) => {
    const say = words(view);
    const ana = await agentWithTicket(w, view, [`Fabi ${tag}`]);
    const [ticket] = ana.tickets;
    const page = await newPage(w.browser, view);
    try {
      await signIn(page, w.server.baseUrl, ana.email, ana.password);
      await page.goto(`${w.server.baseUrl}/tickets/${ticket.uuid}`);
      const conversation = page.getByTestId("conversation");
      await conversation.getByText(`Oi, sou Fabi ${tag}`).waitFor();

      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: say.attach }).click();
      await (await chooser).setFiles({
        name: "contrato.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.7\n%%EOF\n"),
      });
      const preview = page.getByRole("dialog");
      await preview.getByRole("textbox", { name: say.caption }).fill("Segue o contrato");
      await preview.getByRole("button", { name: say.send, exact: true }).click();
      await preview.waitFor({ state: "hidden" });

      const received = await outbox(w, ticket.number);
      assert.equal(received.length, 1, "one message: the caption is not repeated as a text");
      assert.equal(received[0].mediaName, "contrato.pdf");
      assert.equal(received[0].mediaType, "application/pdf");
      assert.equal(
        received[0].body,
        `*${ana.name}*:\nSegue o contrato`,
        "the signature is in the caption's text",
      );

      // On the customer's phone: one bubble, the file by its name, the caption once with the
      // signature in bold (no raw asterisks).
      const admin = await newPage(w.browser, view);
      try {
        await signIn(admin, w.server.baseUrl, ADMIN.email, ADMIN.password);
        await admin.goto(`${w.server.baseUrl}/connections`);
        await admin.getByRole("button", { name: say.openPhone }).click();
        await admin.getByLabel(say.customerNumber).fill(ticket.number);
        const bubble = admin.getByRole("article", { name: say.fromCompany });
        await bubble.getByRole("link", { name: "contrato.pdf" }).waitFor();
        assert.equal(await bubble.count(), 1);
        const text = await bubble.innerText();
        assert.equal(text.split("Segue o contrato").length, 2, `the caption once: ${text}`);
        assert.ok(!text.includes("*"), `no raw asterisks: ${text}`);
        assert.equal(await bubble.locator("strong").innerText(), `${ana.name}`);
      } finally {
        await admin.context().close();
      }
    } finally {
      await page.context().close();
    }
  },
);

journey("a toast leaves the send and microphone buttons free", async (w, view, tag) => {
  const say = words(view);
  const base = w.server.baseUrl;
  // A connection of its own, taken offline below: the send fails and says so in a toast.
  const offline = await call(base, "/whatsapp", w.ops, {
    name: `Loja ${tag}`,
    provider: "sandbox",
  });
  const ana = await agentWithTicket(w, view, [`Hugo ${tag}`], offline.id);
  const [ticket] = ana.tickets;
  const page = await newPage(w.browser, view);
  try {
    await signIn(page, base, ana.email, ana.password);
    await page.goto(`${base}/tickets/${ticket.uuid}`);
    await page.getByTestId("conversation").getByText(`Oi, sou Hugo ${tag}`).waitFor();
    await call(base, `/whatsappsession/${offline.id}`, w.ops, undefined, "DELETE");
    await composerBox(page, view).fill("Não vai chegar");
    await page.getByRole("button", { name: say.send, exact: true }).click();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    assert.equal(await toast.getAttribute("data-kind"), "error");
    const box = await toast.boundingBox();
    assert.ok(box);
    for (const name of [say.send, say.record]) {
      const button = await page.getByRole("button", { name, exact: true }).boundingBox();
      assert.ok(button, name);
      const apart: boolean = box.x + box.width <= button.x || button.x + button.width <= box.x ||
        box.y + box.height <= button.y || button.y + button.height <= box.y;
      assert.ok(apart, `the toast ${JSON.stringify(box)} covers ${name} ${JSON.stringify(button)}`);
    }
  } finally {
    await page.context().close();
  }
});

journey(
  "one session per user unless the company allows several; a forced sign-out keeps the draft",
  async (w, view, tag) => {
    const say = words(view);
    const ana = await agentWithTicket(w, view, [`Gil ${tag}`]);
    const [ticket] = ana.tickets;
    const base = w.server.baseUrl;
    const desktop = await newPage(w.browser, view);
    const phone = await newPage(w.browser, view);
    try {
      await signIn(desktop, base, ana.email, ana.password);
      await desktop.goto(`${base}/tickets/${ticket.uuid}`);
      await desktop.getByTestId("conversation").getByText(`Oi, sou Gil ${tag}`).waitFor();
      await composerBox(desktop, view).fill("Resposta pela metade");

      await signIn(phone, base, ana.email, ana.password);
      await desktop.waitForURL("**/login");
      await desktop.getByRole("alert").filter({ hasText: say.elsewhere }).waitFor();
      await signIn(desktop, base, ana.email, ana.password);
      await desktop.goto(`${base}/tickets/${ticket.uuid}`);
      await desktop.getByTestId("conversation").getByText(`Oi, sou Gil ${tag}`).waitFor();
      assert.equal(await composerBox(desktop, view).inputValue(), "Resposta pela metade");

      await call(base, "/settings/allowMultipleSessions", w.ops, { value: "enabled" }, "PUT");
      try {
        await signIn(phone, base, ana.email, ana.password);
        // Whatever the old browser would be told has had time to arrive.
        await desktop.waitForTimeout(1500);
        assert.match(desktop.url(), new RegExp(`/tickets/${ticket.uuid}$`));
        await desktop.reload();
        await desktop.getByTestId("conversation").getByText(`Oi, sou Gil ${tag}`).waitFor();
        assert.match(desktop.url(), new RegExp(`/tickets/${ticket.uuid}$`), "still signed in");
        await phone.reload();
        await phone.waitForURL("**/tickets");
        assert.equal(await phone.getByRole("alert").filter({ hasText: say.elsewhere }).count(), 0);
      } finally {
        await call(base, "/settings/allowMultipleSessions", w.ops, { value: "disabled" }, "PUT");
      }
    } finally {
      await desktop.context().close();
      await phone.context().close();
    }
  },
);
