// Journey: an agent (profile user) holding an open ticket hands it to a colleague in the
// transfer dialog; the colleague's only queue is offered and chosen for him; the colleague's
// desk shows the ticket live and opens it.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

Deno.test("transfer: an agent hands his open ticket to a colleague, who sees it", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const sales = await call(base, "/queue", token, { name: "Vendas", color: "#2196F3" });
    const support = await call(base, "/queue", token, { name: "Suporte", color: "#009688" });
    const rita = await call(base, "/users", token, {
      name: "Rita Agente", email: "rita@example.com", password: "rita12345", queueIds: [sales.id],
    });
    const caio = await call(base, "/users", token, {
      name: "Caio Colega", email: "caio@example.com", password: "caio12345", queueIds: [support.id],
    });
    const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
    await call(base, `/sandbox/${w.id}/inbound`, token, {
      number: "5511987650002", name: "Bruna Cliente", body: "Meu pedido chegou quebrado",
    });
    const ritaToken = await logIn(base, { email: "rita@example.com", password: "rita12345" });
    const [waiting] = (await call(base, "/tickets?status=pending", ritaToken)).tickets;
    const ticket = await call(base, `/tickets/${waiting.id}`, ritaToken, { status: "open" }, "PUT");
    assert.equal(ticket.userId, rita.id);

    // The colleague's desk is open on his tickets.
    const colleague = await newPage(browser);
    await signIn(colleague, base, "caio@example.com", "caio12345");
    await colleague.getByRole("tab", { name: /Atendendo/ }).click();
    const item = colleague.getByTestId("ticket-item").filter({ hasText: "Bruna Cliente" });
    assert.equal(await item.count(), 0);

    // The agent transfers from the conversation's options.
    const agent = await newPage(browser);
    await signIn(agent, base, "rita@example.com", "rita12345");
    await agent.goto(`${base}/tickets/${ticket.uuid}`);
    await agent.getByTestId("conversation").getByText("Meu pedido chegou quebrado").waitFor();
    await agent.getByRole("button", { name: "Opções do ticket" }).click();
    // The departments answer last, after the colleague is chosen (as on a slow connection):
    // his only queue must still be preselected.
    let releaseQueues!: () => void;
    const queuesHeld = new Promise<void>((r) => releaseQueues = r);
    await agent.route(/\/queue$/, async (route) => {
      await queuesHeld;
      await route.continue();
    });
    await agent.getByRole("menuitem", { name: "Transferir" }).click();
    const dialog = agent.getByRole("dialog", { name: "Transferir Ticket" });
    const submit = dialog.getByRole("button", { name: "Transferir", exact: true });
    assert.equal(await submit.isDisabled(), true, "nothing chosen yet");
    await dialog.getByRole("combobox", { name: "Transferir para..." }).fill("cai");
    await agent.getByRole("option", { name: "Caio Colega" }).click();
    releaseQueues();
    // His only queue is preselected.
    await dialog.getByRole("button", { name: /Suporte/ }).waitFor();
    await submit.click();
    await agent.waitForURL("**/tickets");

    // The colleague sees it arrive and opens it.
    await item.waitFor();
    await item.click();
    await colleague.waitForURL(`**/tickets/${ticket.uuid}`);
    await colleague.getByTestId("conversation").getByText("Meu pedido chegou quebrado").waitFor();

    const moved = await call(base, `/tickets/${ticket.id}`, token);
    assert.equal(moved.status, "open");
    assert.equal(moved.userId, caio.id);
    assert.equal(moved.queue.name, "Suporte");
    assert.equal(moved.whatsappId, w.id);
  } finally {
    await browser.close();
    await server.stop();
  }
});
