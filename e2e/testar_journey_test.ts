// Journey of the flow editor's Testar (issue 21): a saved flow opened in the editor is
// played as its draft against a sandbox phone from the side panel; the admin answers the
// menu as the customer from the panel's phone, sees the highlighted block move and the
// flow's messages arrive, and the run's end announced; the ticket shows the flow's notes as
// automatic.
import { rawEdge as edge, rawNode as node } from "../server/modules/flows/wire_fixtures.ts";
import assert from "node:assert/strict";
import { newPage, signIn } from "./browser.ts";
import { journey } from "./journey.ts";
import { ADMIN, call } from "./server.ts";


Deno.test("testar: the draft played on the panel's phone; answering the menu moves the highlight and the flow's messages arrive", async () => {
  await journey(async ({ browser, base, ops }) => {
    await call(base, "/whatsapp", ops, { name: "Loja Sandbox", provider: "sandbox" });
    const flow = await call(base, "/flowbuilder", ops, { name: "Recepção" });
    await call(base, "/flowbuilder/flow", ops, {
      idFlow: flow.id,
      nodes: [
        node("1", "start", {}),
        node("menu", "menu", {
          message: "Escolha uma opção",
          arrayOption: [{ number: 1, value: "Vendas" }, { number: 2, value: "Suporte" }],
        }, 300),
        node("a", "message", { label: "Você escolheu Vendas" }, 600, 0),
        node("b", "message", { label: "Você escolheu Suporte" }, 600, 240),
      ],
      connections: [edge("1", "menu"), edge("menu", "a", "a1"), edge("menu", "b", "a2")],
    });

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/flowbuilder/${flow.id}`);
    await page.locator('.react-flow__node[data-id="menu"]').waitFor();

    await page.getByRole("button", { name: "Testar", exact: true }).click();
    const panel = page.getByTestId("testar-panel");
    await panel.getByRole("heading", { name: "Testar o fluxo" }).waitFor();
    await panel.getByLabel("Número do cliente simulado").fill("5511987650001");
    await panel.getByRole("button", { name: "Iniciar teste" }).click();

    const chat = panel.getByRole("log");
    await chat.getByText("Escolha uma opção").first().waitFor();
    const status = panel.getByTestId("testar-status");
    await status.getByText(/Bloco atual: Menu/).waitFor();
    await page.locator('.react-flow__node[data-id="menu"] [data-running="true"]').waitFor();
    const menuLabel = await page.locator('.react-flow__node[data-id="menu"]').getAttribute(
      "aria-label",
    );
    assert.match(menuLabel ?? "", /Bloco em execução no teste/);

    const composer = panel.getByRole("textbox", { name: "Mensagem" });
    await composer.fill("2");
    await composer.press("Enter");
    await chat.getByText("Você escolheu Suporte").waitFor();
    await status.getByText(/O teste terminou/).waitFor();
    assert.equal(
      await page.locator('[data-running="true"]').count(),
      0,
      "an ended run highlights nothing",
    );

    // The flow's notes on the ticket show as automatic, not as a nameless person's.
    await panel.getByRole("link", { name: /Abrir o ticket do teste/ }).click();
    await page.waitForURL("**/tickets/**");
    const note = page.locator('[data-testid="note-row"][data-author="bot"]').filter({
      hasText: "Menu: escolheu",
    });
    await note.getByText("Automático").waitFor();
    await note.getByText(/^Fluxo · /).waitFor();

    // The draft ran as an unpublished version: the flow still shows and publishes version 1.
    const listed = await call(base, "/flowbuilder", ops);
    assert.equal(listed.flows.find((f: { id: number }) => f.id === flow.id).version, 1);
  });
});
