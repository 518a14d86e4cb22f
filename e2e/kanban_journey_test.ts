// Journey: an admin manages tags on the tags page (one becomes a kanban lane), then moves
// cards on the kanban board: one from the open lane to a tag lane by drag and drop, another
// with the keyboard (the card's "move" menu), one back to the open lane with React Aria's
// keyboard drag and drop. Each move is the spec's "remove the lane tag, then add the
// target's" with its toasts; the API confirms the tickets' tags, and a colleague's move
// arrives live.
import assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

async function send(base: string, path: string, token: string, method: "PUT" | "DELETE") {
  const r = await fetch(base + path, { method, headers: { authorization: `Bearer ${token}` } });
  assert.equal(r.status, 200, `${method} ${path}: ${await r.text()}`);
}

Deno.test("kanban: tags page, then cards move between lanes by drag, by keyboard, and live", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const token = await logIn(base, ADMIN);
    const ops = await colleagueToken(base, token);
    const w = await call(base, "/whatsapp", ops, { name: "Loja", provider: "sandbox" });
    const todo = await call(base, "/tags", ops, {
      name: "A fazer",
      color: "#1E88E5",
      kanban: 1,
      order: 1,
    });
    await call(base, "/tags", ops, { name: "Rascunho" });
    const inbound = async (number: string, name: string) =>
      (await call(base, `/sandbox/${w.id}/inbound`, ops, {
        number,
        name,
        body: `Oi, aqui é ${name}`,
      }))[0].ticketId as number;
    const bruna = await inbound("5511987650001", "Bruna Cliente");
    const caio = await inbound("5511987650002", "Caio Cliente");
    const dora = await inbound("5511987650003", "Dora Cliente");
    const tagsOf = async (id: number) =>
      (await call(base, `/tickets/${id}`, ops)).tags.map((t: { name: string }) => t.name).sort();

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);

    // Tags page: the list with counts, a new kanban tag through the dialog, a delete.
    await page.getByRole("link", { name: "Tags" }).click();
    await page.waitForURL("**/tags");
    await page.getByRole("rowheader", { name: "A fazer" }).waitFor();
    await page.getByRole("button", { name: "Nova tag" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova tag" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Fe");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Mensagem muito curta").waitFor();
    await dialog.getByLabel("Nome", { exact: true }).fill("Feito");
    await dialog.getByLabel("Ordem", { exact: true }).fill("2");
    await dialog.getByText("Kanban: a tag vira uma coluna do quadro").click();
    assert.equal(await dialog.getByRole("switch", { name: /Kanban/ }).isChecked(), true);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await page.getByText("Tag salva com sucesso!").first().waitFor();
    const done = (await call(base, "/tags?searchParam=Feito", ops)).tags[0];
    assert.deepEqual([done.kanban, done.order, done.ticketsCount], [1, 2, 0]);
    await page.getByRole("rowheader", { name: "Feito" }).waitFor();
    await page.getByRole("button", { name: "Excluir a tag Rascunho" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await page.getByRole("rowheader", { name: "Rascunho" }).waitFor({ state: "detached" });
    await page.getByLabel("Pesquisar").fill("fei");
    await page.getByRole("rowheader", { name: "A fazer" }).waitFor({ state: "detached" });

    // The board: the open lane, then the kanban tags by order.
    await page.getByRole("link", { name: "Kanban" }).click();
    await page.waitForURL("**/kanban");
    const lane = (name: string) => page.getByRole("grid", { name: `Coluna ${name}` });
    const card = (laneName: string, contact: string) =>
      lane(laneName).getByRole("row").filter({ hasText: contact });
    const focusedOn = (target: Locator) => target.and(page.locator(":focus")).waitFor();
    // A card's buttons the way the keyboard reaches them: the card (a row of its lane's grid),
    // then an arrow (Left: its last button, Right: its first). A button focused straight away is
    // no keyboard path: entering a lane with focus visible (a drop makes it so), react-aria moves
    // focus to the row the lane remembers, which depends on the moves before (the flake of the
    // menu below: its Enter went to another card).
    const reachInCard = async (
      row: Locator,
      arrow: "ArrowLeft" | "ArrowRight",
      button: Locator,
    ) => {
      await row.focus();
      await focusedOn(row);
      await page.keyboard.press(arrow);
      await focusedOn(button);
    };
    await card("Em aberto", "Bruna Cliente").waitFor();
    const titles = await page.getByRole("region", { name: /^Coluna / }).evaluateAll((nodes) =>
      nodes.map((n) => n.getAttribute("aria-label"))
    );
    assert.deepEqual(titles, ["Coluna Em aberto", "Coluna A fazer", "Coluna Feito"]);
    assert.equal(await lane("Em aberto").getByRole("row").count(), 3);

    // By drag and drop: Bruna from the open lane to "A fazer", once the tags page's toasts are
    // gone: while they show the board is shorter and Bruna's card is reached by scrolling it, and
    // Chromium then starts the native drag on the card above (seen, left: the closing note).
    await page.getByTestId("toast").first().waitFor({ state: "detached" });
    await card("Em aberto", "Bruna Cliente").dragTo(lane("A fazer"));
    await card("A fazer", "Bruna Cliente").waitFor();
    await page.getByText("Tag adicionada ao ticket!").first().waitFor();
    assert.deepEqual(await tagsOf(bruna), ["A fazer"]);

    // By keyboard: Caio's card's move menu, to "Feito".
    const caioCard = card("Em aberto", "Caio Cliente");
    await reachInCard(
      caioCard,
      "ArrowLeft",
      caioCard.getByRole("button", {
        name: `Mover o ticket #${caio}`,
      }),
    );
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: `Mover o ticket #${caio}` });
    await focusedOn(menu.getByRole("menuitem", { name: "Mover para A fazer" }));
    await page.keyboard.press("ArrowDown");
    await focusedOn(menu.getByRole("menuitem", { name: "Mover para Feito" }));
    await page.keyboard.press("Enter");
    await card("Feito", "Caio Cliente").waitFor();
    assert.deepEqual(await tagsOf(caio), ["Feito"]);

    // Bruna from "A fazer" to "Feito" by drag: the lane tag is removed, then the target's added.
    await card("A fazer", "Bruna Cliente").dragTo(lane("Feito"));
    await card("Feito", "Bruna Cliente").waitFor();
    await page.getByText("Tag removida do ticket!").first().waitFor();
    assert.deepEqual(await tagsOf(bruna), ["Feito"]);

    // A colleague's move arrives live.
    await send(base, `/ticket-tags/${dora}/${todo.id}`, ops, "PUT");
    await card("A fazer", "Dora Cliente").waitFor();
    await lane("Em aberto").getByText("Nenhum ticket").waitFor();

    // React Aria's keyboard drag and drop: Enter on the drag handle, Tab to the open lane, Enter.
    const doraCard = card("A fazer", "Dora Cliente");
    await reachInCard(
      doraCard,
      "ArrowRight",
      doraCard.getByRole("button", {
        name: `Arrastar o ticket #${dora}`,
      }),
    );
    await page.keyboard.press("Enter");
    const inOpenLane = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[data-lane="open"]')));
    // Every drop target met on the way is a lane, named by it (issue 20), not a card.
    const targets: string[] = [];
    for (let i = 0; i < 10 && !(await inOpenLane()); i++) {
      await page.keyboard.press("Tab");
      targets.push((await page.locator(":focus").ariaSnapshot()).trim());
    }
    assert.ok(await inOpenLane(), "the open lane is a drop target");
    assert.ok(
      targets.every((target) => /^- button "Soltar na coluna [^"]+"$/.test(target)),
      `drop targets: ${targets.join(" | ")}`,
    );
    assert.equal(targets.at(-1), '- button "Soltar na coluna Em aberto"');
    await page.keyboard.press("Enter");
    await card("Em aberto", "Dora Cliente").waitFor();
    await page.getByText("Tag removida do ticket!").first().waitFor();
    assert.deepEqual(await tagsOf(dora), []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
