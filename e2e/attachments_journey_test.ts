// Attachments, on a desktop in Portuguese. A quick answer with an image, made on the quick
// answers page and used from the composer: the customer's phone gets the image with the
// text as its caption, in one message, and the quick answers table shows the attachment's
// name. A file list made with two files on /files, counted in the title, then deleted with
// its files.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const NUMBER = "5511970001234";

Deno.test({
  name: "attachments: a quick answer with an image is sent from the composer and the customer gets both: 1280x800 pt",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const base = server.baseUrl;
      const admin = await logIn(base, ADMIN);
      // The browser sign-in ends the admin's API session: setup and checks after it use a colleague's.
      const ops = await colleagueToken(base, admin);
      const w = await call(base, "/whatsapp", ops, { name: "Loja", provider: "sandbox" });
      for (let i = 0; i < 50 && (await call(base, `/whatsapp/${w.id}`, ops)).status !== "CONNECTED"; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      await call(base, `/sandbox/${w.id}/inbound`, ops, { number: NUMBER, name: "Rita", body: "Tem cardápio?" });
      const waiting = (await call(base, "/tickets?status=pending&searchParam=Rita", admin)).tickets[0];
      const ticket = await call(base, `/tickets/${waiting.id}`, admin, { status: "open" }, "PUT");

      const page = await newPage(browser);
      await signIn(page, base, ADMIN.email, ADMIN.password);
      await page.goto(`${base}/quick-messages`);
      await page.getByRole("button", { name: "Adicionar", exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Atalho", { exact: true }).fill("cardapio");
      await dialog.getByLabel("Mensagem", { exact: true }).fill("Segue nosso cardápio do dia");
      await dialog.locator("input[type=file]").setInputFiles({ name: "cardapio.png", mimeType: "image/png", buffer: PNG });
      await dialog.getByText("cardapio.png (será enviado ao salvar)").waitFor();
      await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      const row = page.getByRole("row").filter({ hasText: "/cardapio" });
      await row.getByText("cardapio.png", { exact: true }).waitFor();

      await page.goto(`${base}/tickets/${ticket.uuid}`);
      const conversation = page.getByTestId("conversation");
      await conversation.getByText("Tem cardápio?").waitFor();
      const box = conversation.getByRole("textbox", { name: "Mensagem", exact: true });
      await box.fill("/carda");
      await page.getByRole("option", { name: /cardapio - Segue nosso/ }).click();
      await page.getByTestId("quick-attachment").getByText("Anexo da resposta rápida: cardapio.png").waitFor();
      assert.equal(await box.inputValue(), "Segue nosso cardápio do dia");
      await page.getByRole("button", { name: "Enviar", exact: true }).click();
      await conversation.locator("img").last().waitFor();
      assert.equal(await page.getByTestId("quick-attachment").count(), 0, "the attachment goes with the send");

      const phone = (await call(base, `/sandbox/${w.id}/outbox?number=${NUMBER}`, ops)).records;
      assert.equal(phone.length, 1, "one message: the image with the text as its caption");
      assert.equal(phone[0].mediaName, "cardapio.png");
      assert.match(phone[0].body, /Segue nosso cardápio do dia$/);
      const image = await fetch(base + phone[0].mediaUrl);
      assert.deepEqual(new Uint8Array(await image.arrayBuffer()), new Uint8Array(PNG), "the customer gets the very image");
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});

Deno.test({
  name: "attachments: a file list is made with two files, counted in the title and deleted with its files: 1280x800 pt",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const base = server.baseUrl;
      const ops = await colleagueToken(base, await logIn(base, ADMIN));
      const page = await newPage(browser);
      await signIn(page, base, ADMIN.email, ADMIN.password);
      await page.getByRole("link", { name: "Lista de arquivos" }).click();
      await page.getByRole("heading", { name: "Lista de arquivos (0)" }).waitFor();

      await page.getByRole("button", { name: "Adicionar", exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Nome", { exact: true }).fill("Catálogo");
      await dialog.getByLabel("Mensagem", { exact: true }).fill("Veja nosso catálogo");
      await dialog.locator("input[type=file]").last().setInputFiles([
        { name: "capa.png", mimeType: "image/png", buffer: PNG },
        { name: "precos.txt", mimeType: "text/plain", buffer: Buffer.from("preços") },
      ]);
      await dialog.getByLabel("Nome do arquivo").nth(1).fill("Tabela de preços");
      await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("heading", { name: "Lista de arquivos (1)" }).waitFor();
      await page.getByRole("row").filter({ hasText: "Catálogo" }).getByText("2 arquivos").waitFor();

      const [list] = (await call(base, "/files", ops)).files;
      assert.deepEqual(list.options.map((o: { name: string; mediaType: string }) => [o.name, o.mediaType]), [
        ["capa.png", "image/png"],
        ["Tabela de preços", "text/plain"],
      ]);
      const paths = list.options.map((o: { path: string }) => o.path);
      for (const path of paths) assert.equal((await fetch(base + path).then((r) => r.arrayBuffer())).byteLength > 0, true);

      await page.getByRole("button", { name: "Excluir a lista Catálogo" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Excluir", exact: true }).click();
      await page.getByRole("heading", { name: "Lista de arquivos (0)" }).waitFor();
      for (const path of paths) {
        const gone = await fetch(base + path);
        await gone.body?.cancel();
        assert.equal(gone.status, 404, "the list's files are deleted with it");
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
