// Journey: the super admin writes an announcement with an image and another user, in a
// second browser, sees it arrive live in the top bar's popover; that user cannot open the
// announcements page; a to-do added survives a reload and is edited and deleted.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { assertAccessible } from "./a11y.ts";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, startServer } from "./server.ts";

const PNG = Buffer.from(Uint8Array.from(atob(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
), (c) => c.charCodeAt(0)));


Deno.test("announcements: the super admin's announcement reaches another user live; to-dos stay in the browser", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const { token } = await call(base, "/auth/login", "", ADMIN);
    await call(base, "/users", token, { name: "Bia", email: "bia@example.com", password: "bia123456", profile: "user" });

    const reader = await newPage(browser);
    await signIn(reader, base, "bia@example.com", "bia123456");
    // Not a super user: an info toast, then home.
    await reader.goto(`${base}/announcements`);
    await reader.getByText("Esta página é só para super usuários").waitFor();
    await reader.waitForURL("**/tickets");
    const bell = reader.getByRole("button", { name: "Informativos", exact: true });
    await bell.waitFor();

    const writer = await newPage(browser);
    await signIn(writer, base, ADMIN.email, ADMIN.password);
    await writer.getByRole("link", { name: "Informativos" }).click();
    await writer.waitForURL("**/announcements");
    await writer.getByRole("button", { name: "Novo informativo" }).click();
    const dialog = writer.getByRole("dialog", { name: "Novo informativo" });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Obrigatório").first().waitFor();
    await dialog.getByLabel("Título").fill("Manutenção no sábado");
    await dialog.getByLabel("Texto").fill("O sistema fica fora do ar das 22h às 23h.");
    await dialog.getByRole("button", { name: /Prioridade/ }).click();
    await writer.getByRole("option", { name: "Alta" }).click();
    const chooser = writer.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Anexar imagem" }).click();
    await (await chooser).setFiles({ name: "aviso.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByText("aviso.png").waitFor();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.waitFor({ state: "detached" });
    const row = writer.getByRole("row").filter({ hasText: "Manutenção no sábado" });
    await row.getByText("Alta").waitFor();
    await row.getByText("aviso.png").waitFor();
    await assertAccessible(writer, "announcements page");

    // Live, no reload: the badge counts it and the popover shows it with its colour and image.
    await reader.locator('[aria-label="Informativos"] [data-count="1"]').waitFor();
    await bell.click();
    const popover = reader.getByRole("dialog", { name: "Informativos" });
    const item = popover.getByRole("listitem").filter({ hasText: "Manutenção no sábado" });
    await item.getByText("O sistema fica fora do ar das 22h às 23h.").waitFor();
    await item.getByText("Alta").waitFor();
    assert.equal(await item.evaluate((el) => getComputedStyle(el).borderLeftColor), "rgb(198, 40, 40)");
    const image = item.getByRole("img", { name: "Imagem do informativo Manutenção no sábado" });
    await image.waitFor();
    assert.ok(await image.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 1));
    await assertAccessible(reader, "announcements popover");
    await reader.keyboard.press("Escape");

    // The to-do list lives in this browser: it survives a reload, is edited, then deleted.
    await reader.getByRole("link", { name: "Tarefas" }).click();
    await reader.waitForURL("**/todolist");
    const task = reader.getByLabel("Nova tarefa");
    await reader.getByRole("button", { name: "Adicionar" }).click();
    await reader.getByText("Obrigatório").waitFor();
    await task.fill("Ligar para a Carla");
    await reader.getByRole("button", { name: "Adicionar" }).click();
    const list = reader.getByRole("list", { name: "Lista de tarefas" });
    await list.getByText("Ligar para a Carla").waitFor();
    await reader.reload();
    await list.getByText("Ligar para a Carla").waitFor();
    await reader.getByRole("button", { name: "Editar a tarefa Ligar para a Carla" }).click();
    assert.equal(await task.inputValue(), "Ligar para a Carla");
    await task.fill("Ligar para a Carla às 15h");
    await reader.getByRole("button", { name: "Salvar" }).click();
    await list.getByText("Ligar para a Carla às 15h").waitFor();
    await reader.getByRole("button", { name: "Adicionar" }).waitFor();
    await reader.reload();
    await list.getByText("Ligar para a Carla às 15h").waitFor();
    await reader.getByRole("button", { name: "Excluir a tarefa Ligar para a Carla às 15h" }).click();
    await reader.getByText("Nenhuma tarefa").waitFor();
    await reader.reload();
    await reader.getByText("Nenhuma tarefa").waitFor();
    await assertAccessible(reader, "to-do list");
  } finally {
    await browser.close();
    await server.stop();
  }
});
