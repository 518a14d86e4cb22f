// Journey: two colleagues chat live on the internal chat. Ana (the admin) creates a chat
// with Beto through the chat save dialog (its rules first) and writes; Beto's top bar shows
// one unread message and, on his chat page, the message arrives live; he answers and Ana
// sees it live. Opening the chat reads it: Beto's total goes back to none.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

Deno.test("internal chat: a chat is created, and two users exchange messages live with the top bar's unread total", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const admin = await logIn(base, ADMIN);
    const beto = { email: "beto@example.com", password: "beto12345" };
    await call(base, "/users", admin, { name: "Beto Vendas", ...beto });

    const ana = await newPage(browser);
    await signIn(ana, base, ADMIN.email, ADMIN.password);
    const bob = await newPage(browser);
    await signIn(bob, base, beto.email, beto.password);
    const bobChats = bob.getByRole("button", { name: "Chat interno" });
    await bobChats.waitFor();
    assert.equal(await bobChats.getAttribute("data-unreads"), "0");

    await ana.getByRole("link", { name: "Chat Interno" }).click();
    await ana.waitForURL("**/chats");
    await ana.getByRole("button", { name: "Nova" }).click();
    const dialog = ana.getByRole("dialog", { name: "Nova conversa" });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Por favor, preencha o título da conversa.").waitFor();
    await dialog.getByText("Por favor, selecione pelo menos um usuário.").waitFor();
    await dialog.getByLabel("Título", { exact: true }).fill("Plantão de sábado");
    await dialog.getByRole("button", { name: /Usuários/ }).click();
    await ana.getByRole("option", { name: "Beto Vendas" }).click();
    await ana.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await ana.getByText("Conversa salva com sucesso!").first().waitFor();
    await ana.waitForURL("**/chats/*");
    await ana.getByRole("heading", { name: "Plantão de sábado" }).waitFor();

    // Blank text is not sent; the trimmed text is.
    const anaComposer = ana.getByLabel("Mensagem", { exact: true });
    await anaComposer.fill("   ");
    assert.equal(await ana.getByRole("button", { name: "Enviar" }).isDisabled(), true);
    await anaComposer.fill("  Alguém cobre o sábado?  ");
    await anaComposer.press("Enter");
    const anaList = ana.getByRole("list", { name: "Mensagens de Plantão de sábado" });
    await anaList.getByText("Alguém cobre o sábado?").waitFor();

    // Beto's top bar counts it live; the popover leads to the chat, which reads it.
    await bob.waitForFunction(() => document.querySelector('[aria-label="Chat interno"]')?.getAttribute("data-unreads") === "1");
    await bob.getByText("1 mensagem não lida no chat interno").waitFor({ state: "attached" });
    await bobChats.click();
    await bob.getByRole("dialog", { name: "Chat interno" }).getByRole("link", { name: /Plantão de sábado/ }).click();
    await bob.waitForURL("**/chats/*");
    const bobList = bob.getByRole("list", { name: "Mensagens de Plantão de sábado" });
    await bobList.getByText("Alguém cobre o sábado?").waitFor();
    await bob.waitForFunction(() => document.querySelector('[aria-label="Chat interno"]')?.getAttribute("data-unreads") === "0");
    assert.equal(await bob.getByRole("button", { name: /Editar a conversa/ }).count(), 0, "only the owner edits");
    assert.equal(await ana.getByRole("button", { name: "Editar a conversa Plantão de sábado" }).count(), 1);

    // Ana writes again while Beto has the chat open: it arrives live and stays read.
    await anaComposer.fill("Pago hora extra");
    await anaComposer.press("Enter");
    await bobList.getByText("Pago hora extra").waitFor();
    const bobComposer = bob.getByLabel("Mensagem", { exact: true });
    await bobComposer.fill("Eu cubro!");
    await bob.getByRole("button", { name: "Enviar" }).click();
    await anaList.getByText("Eu cubro!").waitFor();
    await anaList.getByText("Beto Vendas").waitFor();

    const bobToken = await logIn(base, beto);
    const chats = (await call(base, "/chats", bobToken)).records;
    assert.deepEqual(chats.map((c: { title: string; lastMessage: string }) => [c.title, c.lastMessage]), [["Plantão de sábado", "Eu cubro!"]]);
  } finally {
    await browser.close();
    await server.stop();
  }
});
