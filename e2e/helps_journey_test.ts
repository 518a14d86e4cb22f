// Journey: a super user adds a help video in settings; another company's admin, already on
// /helps, sees its card arrive live, opens the video and closes it with Escape. The video
// host is never reached in tests (its requests are aborted): the page still works, the
// thumbnails keep their alt text, and nothing asks the host before /helps is opened.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible } from "./a11y.ts";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, startServer } from "./server.ts";

const ID = "dQw4w9WgXcQ";
const VIDEO_HOST = /^https:\/\/([a-z0-9-]+\.)*(ytimg\.com|youtube\.com|youtube-nocookie\.com|youtu\.be|googlevideo\.com)\//;

/** Aborts every request to the video host and keeps the addresses asked for. */
async function blockVideoHost(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.context().route(VIDEO_HOST, (route) => {
    asked.push(route.request().url());
    return route.abort("blockedbyclient");
  });
  return asked;
}


Deno.test("helps: a super user's help video reaches another company's /helps live; the video opens in a modal that Escape closes", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const { token } = await call(base, "/auth/login", "", ADMIN);
    await call(base, "/companies", token, { name: "Outra Empresa", email: "outra@example.com", planId: 1, password: "outra12345" });

    const reader = await newPage(browser);
    const readerAsked = await blockVideoHost(reader);
    await signIn(reader, base, "outra@example.com", "outra12345");
    await reader.getByRole("link", { name: "Ajuda", exact: true }).click();
    await reader.waitForURL("**/helps");
    await reader.getByRole("heading", { name: "Central de ajuda (0)" }).waitFor();
    await reader.getByText("Nenhum vídeo de ajuda").waitFor();
    assert.equal(readerAsked.length, 0, "nothing asks the video host before a video is listed");

    const writer = await newPage(browser);
    const writerAsked = await blockVideoHost(writer);
    await signIn(writer, base, ADMIN.email, ADMIN.password);
    await writer.goto(`${base}/settings`);
    await writer.getByRole("tab", { name: "Ajuda" }).click();
    await writer.getByRole("button", { name: "Adicionar vídeo" }).click();
    const dialog = writer.getByRole("dialog", { name: "Adicionar vídeo de ajuda" });
    await dialog.getByLabel("Título").fill("Primeiros passos");
    await dialog.getByLabel("Código do vídeo").fill("https://vimeo.com/1234");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Informe o código ou o endereço de um vídeo do YouTube").waitFor();
    await dialog.getByLabel("Código do vídeo").fill(`https://youtu.be/${ID}?si=abc`);
    await dialog.getByLabel("Descrição").fill("Como atender o primeiro cliente");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.waitFor({ state: "detached" });
    await writer.getByRole("row").filter({ hasText: "Primeiros passos" }).getByText(ID).waitFor();
    assert.equal(writerAsked.length, 0, "the settings tab never calls the video host");

    // Live on the reader's page: the card, its count, its thumbnail (blocked: its alt text stays).
    await reader.getByRole("heading", { name: "Central de ajuda (1)" }).waitFor();
    const card = reader.getByRole("button", { name: /Primeiros passos/ });
    await card.getByText("Como atender o primeiro cliente").waitFor();
    const thumbnail = card.getByRole("img", { name: "Miniatura do vídeo Primeiros passos" });
    await thumbnail.waitFor();
    assert.equal(await thumbnail.getAttribute("src"), `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
    await assertAccessible(reader, "/helps");

    await card.focus();
    await reader.keyboard.press("Enter");
    const player = reader.getByRole("dialog", { name: "Primeiros passos" });
    const frame = player.locator("iframe");
    assert.equal(await frame.getAttribute("src"), `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&rel=0`);
    assert.equal(await frame.getAttribute("title"), "Vídeo Primeiros passos");
    await assertAccessible(reader, "/helps video modal");
    await reader.keyboard.press("Escape");
    await player.waitFor({ state: "detached" });
    // Focus comes back on the card once the modal's focus scope is gone (after the detach).
    await card.and(reader.locator(":focus")).waitFor();
    assert.ok(readerAsked.some((url) => url.startsWith("https://i.ytimg.com/")), "the thumbnail was asked for on /helps");
    assert.ok(readerAsked.some((url) => url.startsWith("https://www.youtube-nocookie.com/embed/")), "the player was asked for");
    // The page's policy lets frames come from the player's origin and from nowhere else.
    const refused = await reader.evaluate(() =>
      new Promise<string>((resolve) => {
        document.addEventListener("securitypolicyviolation", (e) => resolve(e.effectiveDirective), { once: true });
        const frame = document.createElement("iframe");
        frame.src = "https://example.com/";
        document.body.append(frame);
        setTimeout(() => resolve("allowed"), 3000);
      })
    );
    assert.equal(refused, "frame-src");
    assert.ok(readerAsked.every((url) => /^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com)\//.test(url)), readerAsked.join("\n"));
  } finally {
    await browser.close();
    await server.stop();
  }
});
