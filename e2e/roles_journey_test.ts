// Journeys of issue 20 items 1 and 2: (1) a supervisor's day: the admin creates her in the
// users dialog with the supervisor profile (its one-line description shown), she sees every
// conversation of her queue under Todos and none of another queue, steps into a colleague's
// conversation, reassigns it and opens her queue's dashboard; (2) an agent's returning
// customer after a transfer: the earlier ticket (served in another queue by another agent)
// and her own note on it show on the customer's new ticket.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

Deno.test("roles: a supervisor's day", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const admin = await logIn(base, ADMIN);
    const sales = await call(base, "/queue", admin, { name: "Vendas", color: "#2196F3" });
    const support = await call(base, "/queue", admin, { name: "Suporte", color: "#009688" });
    const agent = async (name: string, email: string, queueId: number) => {
      const user = await call(base, "/users", admin, {
        name,
        email,
        password: "agent12345",
        queueIds: [queueId],
      });
      return { id: user.id as number, token: await logIn(base, { email, password: "agent12345" }) };
    };
    const ana = await agent("Ana Vendas", "ana@example.com", sales.id);
    await agent("Caio Vendas", "caio@example.com", sales.id);
    const bia = await agent("Bia Suporte", "bia@example.com", support.id);
    const w = await sandbox(base, admin);
    const served = async (
      number: string,
      name: string,
      body: string,
      queueId: number,
      by: { id: number; token: string },
    ) => {
      const [stored] = await call(base, `/sandbox/${w.id}/inbound`, admin, { number, name, body });
      await call(base, `/tickets/${stored.ticketId}`, admin, { queueId }, "PUT");
      return await call(base, `/tickets/${stored.ticketId}`, by.token, {
        status: "open",
        userId: by.id,
      }, "PUT");
    };
    const carla = await served(
      "5511987650011",
      "Carla Cliente",
      "Quero mudar meu plano",
      sales.id,
      ana,
    );
    await served("5511987650012", "Dora Cliente", "Minha internet caiu", support.id, bia);

    // The admin creates her in the users dialog: the profile is offered and says what it means.
    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Usuários" }).click();
    await page.waitForURL("**/users");
    await page.getByRole("button", { name: "Adicionar usuário" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar usuário" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Sonia Supervisora");
    await dialog.getByLabel("E-mail", { exact: true }).fill("sonia@example.com");
    await dialog.getByLabel("Senha", { exact: true }).fill("sonia12345");
    await dialog.getByText("Atende os próprios tickets e os que aguardam nas suas filas.")
      .waitFor();
    await dialog.getByRole("button", { name: /Perfil/ }).click();
    await page.getByRole("option", { name: "Supervisor", exact: true }).click();
    await dialog.getByText(/Vê e assume todos os atendimentos das suas filas/).waitFor();
    await dialog.getByRole("button", { name: /Filas/ }).click();
    await page.getByRole("option", { name: "Vendas" }).click();
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const row = page.getByRole("row").filter({ hasText: "sonia@example.com" });
    await row.getByRole("gridcell", { name: "Supervisor", exact: true }).waitFor();

    // Her desk: Todos shows every conversation of Vendas, not Suporte's.
    const sonia = await newPage(browser);
    await signIn(sonia, base, "sonia@example.com", "sonia12345");
    await sonia.getByRole("heading", { name: "Atendimentos", level: 1 }).waitFor();
    assert.equal(
      await sonia.getByRole("link", { name: "Usuários" }).count(),
      0,
      "she does not manage users",
    );
    await sonia.getByRole("tab", { name: /Atendendo/ }).click();
    const carlaItem = sonia.getByTestId("ticket-item").filter({ hasText: "Carla Cliente" });
    assert.equal(await carlaItem.count(), 0, "without Todos, her own");
    await sonia.getByText("Todos", { exact: true }).click();
    await carlaItem.waitFor();
    assert.equal(
      await sonia.getByTestId("ticket-item").filter({ hasText: "Dora Cliente" }).count(),
      0,
    );

    // She steps into Ana's conversation: answers in it, after the colleague warning.
    await carlaItem.click();
    await sonia.waitForURL(`**/tickets/${carla.uuid}`);
    const conversation = sonia.getByTestId("conversation");
    await conversation.getByText("Quero mudar meu plano").waitFor();
    await sonia.getByRole("textbox", { name: "Mensagem", exact: true }).fill(
      "Oi Carla, sou a supervisora",
    );
    await sonia.getByRole("button", { name: "Enviar", exact: true }).click();
    await sonia.getByRole("button", { name: "Enviar mesmo assim" }).click();
    await conversation.getByText("Oi Carla, sou a supervisora").waitFor();

    // She reassigns it to Caio.
    await sonia.getByRole("button", { name: "Opções do ticket" }).click();
    await sonia.getByRole("menuitem", { name: "Transferir" }).click();
    const transfer = sonia.getByRole("dialog", { name: "Transferir Ticket" });
    await transfer.getByRole("combobox", { name: "Transferir para..." }).fill("cai");
    await sonia.getByRole("option", { name: "Caio Vendas" }).click();
    await transfer.getByRole("button", { name: "Transferir", exact: true }).click();
    await sonia.waitForURL("**/tickets");
    // (The admin's browser sign-in replaced the token of the setup.)
    const moved = await call(base, `/tickets/${carla.id}`, await logIn(base, ADMIN));
    assert.equal(moved.user.name, "Caio Vendas");
    assert.equal(moved.queue.name, "Vendas");

    // Her queue's dashboard: Vendas' attendants, not Suporte's.
    await sonia.getByRole("link", { name: "Dashboard" }).click();
    await sonia.waitForURL(`${base}/`);
    const attendants = sonia.getByRole("table", { name: "Desempenho dos atendentes" });
    await attendants.getByText("Caio Vendas").waitFor();
    await attendants.getByText("Ana Vendas").waitFor();
    assert.equal(await attendants.getByText("Bia Suporte").count(), 0, "another queue's attendant");
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("roles: an agent's returning customer after a transfer shows the earlier ticket and her note", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const admin = await logIn(base, ADMIN);
    // Every closed ticket is old enough: the customer's next message starts a new one.
    await call(base, "/settings/timeCreateNewTicket", admin, { value: "0" }, "PUT");
    const sales = await call(base, "/queue", admin, { name: "Vendas", color: "#2196F3" });
    const support = await call(base, "/queue", admin, { name: "Suporte", color: "#009688" });
    const ana = await call(base, "/users", admin, {
      name: "Ana Vendas",
      email: "ana@example.com",
      password: "ana12345",
      queueIds: [sales.id],
    });
    const bia = await call(base, "/users", admin, {
      name: "Bia Suporte",
      email: "bia@example.com",
      password: "bia12345",
      queueIds: [support.id],
    });
    const anaToken = await logIn(base, { email: "ana@example.com", password: "ana12345" });
    const biaToken = await logIn(base, { email: "bia@example.com", password: "bia12345" });
    const w = await sandbox(base, admin);
    const write = async (body: string) =>
      (await call(base, `/sandbox/${w.id}/inbound`, admin, {
        number: "5511987650021",
        name: "Carla Cliente",
        body,
      }))[0]
        .ticketId as number;

    // Ana serves Carla in Vendas, notes something and transfers her to Suporte; Bia resolves it.
    const first = await write("Quero trocar o plano");
    await call(base, `/tickets/${first}`, admin, { queueId: sales.id }, "PUT");
    await call(base, `/tickets/${first}`, anaToken, { status: "open", userId: ana.id }, "PUT");
    await call(base, "/ticket-notes", anaToken, {
      note: "Cliente desde 2019, prefere ligação",
      ticketId: first,
    });
    await call(base, `/tickets/${first}`, anaToken, { queueId: support.id, userId: null }, "PUT");
    await call(base, `/tickets/${first}`, biaToken, { status: "open", userId: bia.id }, "PUT");
    await call(base, `/messages/${first}`, biaToken, { body: "Plano trocado" });
    await call(base, `/tickets/${first}`, biaToken, { status: "closed" }, "PUT");

    // Carla comes back; her new ticket waits in Vendas.
    const second = await write("Voltei, a fatura veio errada");
    await call(base, `/tickets/${second}`, admin, { queueId: sales.id }, "PUT");
    const current = await call(base, `/tickets/${second}`, admin);

    const page = await newPage(browser);
    await signIn(page, base, "ana@example.com", "ana12345");
    await page.goto(`${base}/tickets/${current.uuid}`);
    const conversation = page.getByTestId("conversation");
    await conversation.getByText("Voltei, a fatura veio errada").waitFor();
    // The earlier ticket, served by Bia in Suporte, above the new one.
    await conversation.getByText(/Atendimento anterior/).first().waitFor();
    await conversation.getByText("Quero trocar o plano").waitFor();
    await conversation.getByText("Atendente: Bia Suporte").waitFor();
    await conversation.getByText(/Plano trocado/).waitFor();
    // Her note on it, in the contact panel.
    await page.getByRole("button", { name: "Carla Cliente: dados do contato" }).click();
    const notes = page.getByTestId("contact-notes");
    await notes.getByText("Cliente desde 2019, prefere ligação").waitFor();
    assert.equal(await page.getByText("Nenhuma nota em outros atendimentos.").count(), 0);
    assert.match(await notes.innerText(), new RegExp(`#${first}`));
  } finally {
    await browser.close();
    await server.stop();
  }
});

/** A sandbox connection, once its session is up (a message before that is refused). */
async function sandbox(base: string, token: string) {
  const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
  for (let i = 0; i < 50 && (await call(base, `/whatsapp/${w.id}`, token)).status !== "CONNECTED"; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return w;
}
