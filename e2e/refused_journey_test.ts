// A message WhatsApp refuses (a restricted account on the sandbox network) shows as not
// sent in the attendant's bubble, live, after its first tick.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";


Deno.test("refused: an answer WhatsApp refuses is marked not sent in the bubble", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const token = await logIn(server.baseUrl, ADMIN);
    await call(server.baseUrl, "/users", token, {
      name: "Rita Agente", email: "rita@example.com", password: "rita12345", profile: "admin",
    });
    const w = await call(server.baseUrl, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
    // Country code 999: a restricted account on the sandbox network.
    await call(server.baseUrl, `/sandbox/${w.id}/inbound`, token, { number: "99912345678", name: "Conta Restrita", body: "Olá" });

    const desk = await newPage(browser);
    await signIn(desk, server.baseUrl, "rita@example.com", "rita12345");
    await desk.getByRole("tab", { name: /Aguardando/ }).click();
    const item = desk.getByTestId("ticket-item").filter({ hasText: "Conta Restrita" });
    await item.getByRole("button", { name: "Aceitar" }).click();
    const conversation = desk.getByTestId("conversation");
    await conversation.getByText("Olá").waitFor();
    const text = desk.getByRole("textbox", { name: "Mensagem" });
    await text.fill("Seu pedido foi enviado");
    await text.press("Enter");
    const bubble = conversation.getByTestId("message").filter({ hasText: "Seu pedido foi enviado" });
    const mark = bubble.getByRole("img", { name: "Não enviada: o WhatsApp recusou esta mensagem" });
    await mark.waitFor();
    assert.equal(await mark.getAttribute("data-ack"), "failed");
  } finally {
    await browser.close();
    await server.stop();
  }
});
