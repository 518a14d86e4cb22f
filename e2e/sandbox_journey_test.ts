// Journey (c): an admin adds a sandbox connection, plays the customer on the simulated
// phone (a text, then an image), and an agent who keeps the ticket desk open sees the
// ticket arrive live, opens it, accepts it and answers; the answer reaches the phone.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

const PNG = Buffer.from(Uint8Array.from(atob(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
), (c) => c.charCodeAt(0)));


Deno.test("sandbox: the customer's text and image reach the desk live; the answer reaches the phone", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    // A second admin keeps the desk open in another browser (one session per user).
    await call(server.baseUrl, "/users", await logIn(server.baseUrl, ADMIN), {
      name: "Rita Agente", email: "rita@example.com", password: "rita12345", profile: "admin",
    });
    const desk = await newPage(browser);
    await signIn(desk, server.baseUrl, "rita@example.com", "rita12345");
    await desk.getByRole("tab", { name: /Aguardando/ }).click();

    const admin = await newPage(browser);
    await signIn(admin, server.baseUrl, ADMIN.email, ADMIN.password);
    await admin.getByRole("link", { name: "Conexões" }).click();
    await admin.waitForURL("**/connections");
    await admin.getByRole("button", { name: "Adicionar WhatsApp" }).click();
    const dialog = admin.getByRole("dialog", { name: "Adicionar WhatsApp" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Loja Sandbox");
    await dialog.getByRole("button", { name: /Tipo de conexão/ }).click();
    await admin.getByRole("option", { name: "Sandbox (telefone simulado)" }).click();
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const row = admin.getByRole("row").filter({ hasText: "Loja Sandbox" });
    await row.getByText("Conectado").first().waitFor();

    await row.getByRole("button", { name: /Abrir o telefone simulado/ }).click();
    await admin.getByLabel("Número do cliente").fill("5511987654321");
    await admin.getByLabel("Nome do cliente").fill("Carla Cliente");
    const composer = admin.getByRole("textbox", { name: "Mensagem" });
    await composer.fill("Olá, preciso de ajuda com meu pedido");
    await composer.press("Enter");

    // The desk did not reload: the ticket arrives by the realtime event.
    const item = desk.getByTestId("ticket-item").filter({ hasText: "Carla Cliente" });
    await item.waitFor();
    await item.getByText("Olá, preciso de ajuda com meu pedido").waitFor();

    await admin.locator('input[type="file"]').setInputFiles({ name: "pedido.png", mimeType: "image/png", buffer: PNG });
    await item.getByText("Foto", { exact: true }).waitFor();

    // A waiting ticket opens by accepting it (a click on the row does nothing).
    await item.getByRole("button", { name: "Aceitar" }).click();
    const conversation = desk.getByTestId("conversation");
    await conversation.getByTestId("message").filter({ hasText: "Olá, preciso de ajuda com meu pedido" }).waitFor();
    await conversation.locator("img[src^='/public/1/']").first().waitFor();
    const reply = desk.getByRole("textbox", { name: "Mensagem" });
    await reply.fill("Claro! Qual o número do pedido?");
    await reply.press("Enter");
    await conversation.getByTestId("message").filter({ hasText: "Claro! Qual o número do pedido?" }).waitFor();

    // The simulated phone shows the company's answer, live.
    await admin.getByText("Claro! Qual o número do pedido?").waitFor();
    assert.equal(await desk.evaluate(() => performance.getEntriesByType("navigation").length), 1);
  } finally {
    await browser.close();
    await server.stop();
  }
});
