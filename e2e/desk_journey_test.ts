// Journey (d), as an attendant: a sandbox customer writes; the waiting ticket appears
// live; the attendant accepts it, answers with a text, a quick answer, an emoji, an image
// and a voice note (the customer's phone shows them), adds a note, tags it and transfers
// it to another queue. As admin: a peek at the waiting ticket, accept, close and reopen,
// and contacts imported from an .xlsx with one bad row.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import * as XLSX from "@e965/xlsx";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

const PNG = Buffer.from(Uint8Array.from(atob(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
), (c) => c.charCodeAt(0)));


function spreadsheet(rows: unknown[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return Buffer.from(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

Deno.test("desk: an attendant's day with one customer; an admin's peek and a contact import", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const sales = await call(base, "/queue", token, { name: "Vendas", color: "#2979FF" });
    await call(base, "/queue", token, { name: "Suporte", color: "#E53935" });
    await call(base, "/users", token, {
      name: "Rita Agente", email: "rita@example.com", password: "rita12345", queueIds: [sales.id],
    });
    const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
    await call(base, "/tags", token, { name: "VIP", color: "#FF9800" });
    const rita = await logIn(base, { email: "rita@example.com", password: "rita12345" });
    const ops = await colleagueToken(base, token);
    await call(base, "/quick-messages", rita, { shortcode: "pix", message: "Nossa chave PIX é 12345" });
    const number = "5511987650001";
    const outbox = async () =>
      (await call(base, `/sandbox/${w.id}/outbox?number=${number}`, ops)).records.map((r: { body: string; mediaUrl: string | null }) => r);

    // The attendant keeps the desk on the waiting list.
    const desk = await newPage(browser);
    await signIn(desk, base, "rita@example.com", "rita12345");
    await desk.getByRole("tab", { name: /Aguardando/ }).click();
    await call(base, `/sandbox/${w.id}/inbound`, ops, { number, name: "Bruna Cliente", body: "Oi, quero pagar meu pedido" });
    const item = desk.getByTestId("ticket-item").filter({ hasText: "Bruna Cliente" });
    await item.waitFor();
    await item.getByRole("button", { name: "Aceitar" }).click();
    await desk.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const conversation = desk.getByTestId("conversation");
    await conversation.getByText("Oi, quero pagar meu pedido").waitFor();

    // A text, a quick answer and an image.
    const text = desk.getByRole("textbox", { name: "Mensagem" });
    await text.fill("Bom dia! Vou te ajudar.");
    await text.press("Enter");
    await conversation.getByText("Bom dia! Vou te ajudar.").waitFor();
    await text.fill("/pi");
    await desk.getByRole("option", { name: /pix/ }).click();
    assert.equal(await text.inputValue(), "Nossa chave PIX é 12345");
    await text.press("Enter");
    await conversation.getByText("Nossa chave PIX é 12345").waitFor();
    // An emoji from the picker (its data is served by us: no CDN).
    await text.fill("Obrigada ");
    await desk.getByRole("button", { name: "Emoji" }).click();
    const emojiSearch = desk.getByLabel("Buscar emoji");
    await emojiSearch.fill("coração vermelho");
    // (the picker keeps a hidden row to measure emoji sizes)
    await desk.locator("[frimousse-row] [frimousse-emoji]:visible").first().click();
    await desk.keyboard.press("Escape");
    assert.match(await text.inputValue(), /^Obrigada \p{Extended_Pictographic}/u);
    await text.fill("");
    await desk.locator('input[type="file"]').first().setInputFiles({ name: "boleto.png", mimeType: "image/png", buffer: PNG });
    const preview = desk.getByRole("dialog");
    await preview.getByRole("button", { name: "Enviar" }).click();
    await conversation.locator("img[src^='/public/']").first().waitFor();
    // A voice note: two seconds from the (fake) microphone, sent as MP3.
    await desk.getByRole("button", { name: "Gravar áudio" }).click();
    await desk.waitForTimeout(2000);
    await desk.getByRole("button", { name: "Enviar áudio" }).click();
    await conversation.locator("audio").first().waitFor({ state: "attached" });
    let phone: { body: string; mediaUrl: string | null; mediaType?: string }[] = [];
    for (let i = 0; i < 50 && phone.length < 4; i++) {
      phone = await outbox();
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(phone.some((m) => m.body.endsWith("Bom dia! Vou te ajudar.")), "the signed text reached the phone");
    assert.ok(phone.some((m) => m.body.endsWith("Nossa chave PIX é 12345")));
    assert.ok(phone.some((m) => m.mediaType?.startsWith("image/")), "the image reached the phone");
    const voice = phone.find((m) => m.mediaType === "audio/mpeg");
    assert.ok(voice, "the voice note reached the phone as MP3");
    const mp3 = new Uint8Array(await (await fetch(base + voice.mediaUrl)).arrayBuffer());
    assert.ok(mp3.length >= 10_000, `at least 10,000 bytes (${mp3.length})`);
    assert.ok((mp3[0] === 0xff && (mp3[1] & 0xe0) === 0xe0) || String.fromCharCode(...mp3.slice(0, 3)) === "ID3", "an MPEG audio stream");

    // A note, a tag.
    await desk.getByRole("button", { name: "Opções do ticket" }).click();
    await desk.getByRole("menuitem", { name: "Observações" }).click();
    // The options' notes switch the composer to an internal note; it goes into the timeline.
    await desk.getByRole("textbox", { name: "Nota interna" }).fill("Cliente prefere PIX");
    await desk.getByRole("button", { name: "Adicionar nota" }).click();
    await conversation.getByTestId("note-row").filter({ hasText: "Cliente prefere PIX" }).waitFor();
    await desk.getByRole("radio", { name: "Responder" }).click();
    await desk.getByRole("button", { name: "Tags" }).click();
    await desk.getByRole("option", { name: "VIP" }).click();
    await desk.keyboard.press("Escape");
    await desk.getByRole("tab", { name: /Atendendo/ }).click();
    await desk.getByTestId("ticket-item").filter({ hasText: "Bruna Cliente" }).getByText("VIP").waitFor();

    // Transfer to another queue without an attendant: back to the waiting line.
    await desk.getByRole("button", { name: "Opções do ticket" }).click();
    await desk.getByRole("menuitem", { name: "Transferir" }).click();
    const transfer = desk.getByRole("dialog", { name: "Transferir Ticket" });
    await transfer.getByRole("button", { name: /Fila/ }).click();
    await desk.getByRole("option", { name: "Suporte" }).click();
    await transfer.getByRole("button", { name: "Transferir" }).click();
    await desk.waitForURL("**/tickets");
    const ticketId = (await call(base, `/tickets?status=pending&showAll=true`, ops)).tickets[0].id;
    const moved = await call(base, `/tickets/${ticketId}`, ops);
    assert.equal(moved.status, "pending");
    assert.equal(moved.queue.name, "Suporte");
    assert.equal(moved.userId, null);

    // The admin peeks at the waiting ticket, takes it, closes and reopens it.
    const admin = await newPage(browser);
    await signIn(admin, base, ADMIN.email, ADMIN.password);
    await admin.getByText("Todos", { exact: true }).click();
    await admin.getByRole("tab", { name: /Aguardando/ }).click();
    const waiting = admin.getByTestId("ticket-item").filter({ hasText: "Bruna Cliente" });
    await waiting.getByRole("button", { name: "Espiar" }).click();
    const peek = admin.getByRole("dialog");
    await peek.getByText("Oi, quero pagar meu pedido").waitFor();
    await peek.getByRole("button", { name: "Fechar" }).last().click();
    await peek.waitFor({ state: "detached" });
    await waiting.getByRole("button", { name: "Aceitar" }).click();
    await admin.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await admin.getByTestId("conversation").getByRole("button", { name: "Resolver" }).click();
    await admin.waitForURL("**/tickets");
    await admin.getByRole("tab", { name: "Resolvidos" }).click();
    const closed = admin.getByTestId("ticket-item").filter({ hasText: "Bruna Cliente" });
    await closed.getByRole("button", { name: "Reabrir" }).click();
    await admin.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    assert.equal((await call(base, `/tickets/${ticketId}`, ops)).status, "open");

    // Contacts from a spreadsheet with one bad row.
    await admin.getByRole("link", { name: "Contatos", exact: true }).click();
    await admin.waitForURL("**/contacts");
    const chooser = admin.waitForEvent("filechooser");
    await admin.getByRole("button", { name: "Importar planilha" }).click();
    await (await chooser).setFiles({
      name: "contatos.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: spreadsheet([["Nome", "Número"], ["Carlos Novo", "5511987650010"], ["Sem Número", "12"], ["Dora Nova", "5511987650011"]]),
    });
    const result = admin.getByRole("dialog", { name: "Resultado da importação" });
    await result.getByText("2 contatos novos adicionados.").waitFor();
    await result.getByText("1 linha não foi importada:").waitFor();
    const bad = result.getByRole("row").filter({ hasText: "Sem Número" });
    assert.match(await bad.innerText(), /^3\s+Sem Número\s+number/, "the spreadsheet's row 3, its name and the reason");
    const imported = await call(base, "/contacts?searchParam=Nov", ops);
    assert.deepEqual(imported.contacts.map((c: { name: string }) => c.name).sort(), ["Carlos Novo", "Dora Nova"]);
  } finally {
    await browser.close();
    await server.stop();
  }
});
