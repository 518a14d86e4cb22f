// Journey of a flow in service (issue 21): a customer writes a flow campaign's phrase on the
// sandbox phone, walks the flow (a greeting, a question, the ticket block), and his ticket
// lands in the block's queue with his answer on its kanban card; the flow is edited in the
// editor while a second customer stands at its question, and she finishes on the version she
// started on.
import assert from "node:assert/strict";
import { rawEdge as edge, rawNode as node } from "../server/modules/flows/wire_fixtures.ts";
import { newPage, signIn } from "./browser.ts";
import { journey } from "./journey.ts";
import { ADMIN, call } from "./server.ts";
import { waitFor } from "../server/poll.ts";

Deno.test("flows in service: a phrase from the sandbox phone starts the flow, the answer reaches the kanban card, an edit leaves a running customer on his version", async () => {
  await journey(async ({ browser, base, ops }) => {
    const w = await call(base, "/whatsapp", ops, { name: "Loja Sandbox", provider: "sandbox" });
    const queue = await call(base, "/queue", ops, { name: "Vendas", color: "#2196F3" });
    const flow = await call(base, "/flowbuilder", ops, { name: "Promoção" });
    await call(base, "/flowbuilder/flow", ops, {
      idFlow: flow.id,
      nodes: [
        node("1", "start", {}),
        node("hello", "message", { label: "Olá! Bem-vindo à promoção." }, 300),
        node("ask", "question", {
          typebotIntegration: { message: "Qual é o seu nome?", answerKey: "nome" },
        }, 600),
        node("desk", "ticket", { data: { id: queue.id, name: "Vendas" } }, 900),
      ],
      connections: [edge("1", "hello"), edge("hello", "ask"), edge("ask", "desk", "response")],
    });
    await call(base, "/flowcampaign", ops, {
      name: "Promo",
      flowId: flow.id,
      whatsappId: w.id,
      phrase: "promo",
    });

    // A second customer stops at the question of version 1 before the edit.
    await call(base, `/sandbox/${w.id}/inbound`, ops, {
      number: "5511987650009",
      name: "Bia Cliente",
      body: "PROMO",
    });

    const page = await newPage(browser);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signIn(page, base, ADMIN.email, ADMIN.password);

    // The first customer, on the sandbox phone.
    await page.getByRole("link", { name: "Conexões" }).click();
    const row = page.getByRole("row").filter({ hasText: "Loja Sandbox" });
    await row.getByText("Conectado").first().waitFor();
    await row.getByRole("button", { name: /Abrir o telefone simulado/ }).click();
    await page.getByLabel("Número do cliente").fill("5511987650001");
    await page.getByLabel("Nome do cliente").fill("Ana Cliente");
    const composer = page.getByRole("textbox", { name: "Mensagem" });
    await composer.fill("Promo!");
    await composer.press("Enter");
    const chat = page.getByRole("log");
    await chat.getByText("Olá! Bem-vindo à promoção.").waitFor();
    await chat.getByText("Qual é o seu nome?").waitFor();
    await composer.fill("Ana");
    await composer.press("Enter");
    await page.keyboard.press("Escape");

    // The flow is edited while Bia stands at its question: the answer's key changes (version 2).
    await page.goto(`${base}/flowbuilder/${flow.id}`);
    await page.locator(".react-flow__node").filter({ hasText: "Qual é o seu nome?" }).dblclick();
    const dialog = page.getByRole("dialog", { name: /Pergunta/ });
    await dialog.getByLabel("Salvar resposta", { exact: true }).fill("primeiroNome");
    await dialog.getByRole("button", { name: "Editar", exact: true }).click();
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByText("Fluxo salvo com sucesso").first().waitFor();

    // Bia answers and finishes on version 1 (her answer kept as "nome"): her ticket lands in Vendas.
    const [bia] = await call(base, `/sandbox/${w.id}/inbound`, ops, {
      number: "5511987650009",
      name: "Bia Cliente",
      body: "Bia",
    });
    const biaTicket = await waitFor(
      async () => {
        const t = await call(base, `/tickets/${bia.ticketId}`, ops);
        return t.queueId === queue.id ? t : undefined;
      },
      10_000,
      "Bia's ticket in Vendas",
    );
    assert.deepEqual(biaTicket.ticketData.map((d: { data: unknown }) => d.data), [{ nome: "Bia" }]);
    const versions = (await call(base, `/flowbuilder/flow/${flow.id}`, ops)).flow.version;
    assert.equal(versions, 2);

    // Ana's ticket is in Vendas with her answer on its kanban card.
    await page.goto(`${base}/kanban`);
    const card = page.getByRole("grid", { name: "Coluna Em aberto" }).getByRole("row").filter({
      hasText: "Ana Cliente",
    });
    await card.getByText("Vendas").first().waitFor();
    await card.getByRole("button", { name: "Dados coletados" }).click();
    const data = page.getByRole("dialog", { name: /Dados coletados do ticket/ });
    await data.getByText("nome").waitFor();
    await data.getByText("Ana", { exact: true }).waitFor();
  });
});
