// Journeys of the specification's remaining rows (issue 20, items 18, 20, 21): the reset
// page's emailNotFound and its companyId, a connection's own business hours set in its
// dialog and answered by, a quick answer's status in its dialog, its table and the composer.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, startServer } from "./server.ts";

const DAYS = [
  "Segunda-feira",
  "Terça-feira",
  "Quarta-feira",
  "Quinta-feira",
  "Sexta-feira",
  "Sábado",
  "Domingo",
];
const closedWeek = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
  .map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTime: "",
    endTime: "",
  }));

Deno.test("reset page: an address of another company (?companyId) shows emailNotFound; the right one gets the code step", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const { token } = await call(base, "/auth/login", "", ADMIN);
    const other = await call(base, "/companies", token, {
      name: "Loja Dois",
      email: "dono@lojadois.test",
      planId: 1,
      password: "secret123",
    });
    const page = await newPage(browser);
    await page.goto(`${base}/forgetpsw?companyId=${other.id}`);
    await page.getByRole("textbox", { name: "E-mail" }).fill(ADMIN.email);
    await page.getByRole("button", { name: "Enviar código" }).click();
    await page.getByText("E-mail não encontrado").first().waitFor();
    assert.equal(
      await page.getByLabel("Código de verificação").count(),
      0,
      "still on the e-mail step",
    );

    await page.getByRole("textbox", { name: "E-mail" }).fill("dono@lojadois.test");
    await page.getByRole("button", { name: "Enviar código" }).click();
    await page.getByText("Enviamos um código de verificação para o seu e-mail.").first().waitFor();
    await page.getByRole("textbox", { name: "Código de verificação" }).waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("connection hours: set in the connection's dialog, the connection answers by them while the company is closed", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const { token } = await call(base, "/auth/login", "", ADMIN);
    await call(base, "/settings/scheduleType", token, { value: "company" }, "PUT");
    await call(base, "/companies/1/schedules", token, { schedules: closedWeek }, "PUT");
    const w = await call(base, "/whatsapp", token, {
      name: "Loja",
      provider: "sandbox",
      greetingMessage: "Olá! Já vamos te atender.",
      outOfHoursMessage: "Estamos fechados.",
    });
    const ops = await colleagueToken(base, token);

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Conexões" }).click();
    await page.getByRole("button", { name: "Editar Loja" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Horário de expediente" }).click();
    await dialog.getByText("Horário próprio desta conexão").click();
    for (const day of DAYS) {
      await dialog.getByLabel(`Hora inicial de ${day}`).fill("0000");
      await dialog.getByLabel(`Hora final de ${day}`).fill("2359");
    }
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.waitFor({ state: "detached" });
    // (the browser's sign-in ended the setup's session: reads go by a colleague's)
    const saved = await call(base, `/whatsapp/${w.id}`, ops);
    assert.deepEqual(
      saved.schedules.map((d: { startTime: string; endTime: string }) =>
        `${d.startTime}-${d.endTime}`
      ),
      Array(7).fill("00:00-23:59"),
    );

    // Reopened, the dialog shows them on.
    await page.getByRole("button", { name: "Editar Loja" }).click();
    await dialog.getByRole("button", { name: "Horário de expediente" }).click();
    assert.equal(
      await dialog.getByRole("switch", { name: "Horário próprio desta conexão" }).isChecked(),
      true,
    );
    assert.equal(await dialog.getByLabel("Hora final de Domingo").inputValue(), "23:59");
    await page.keyboard.press("Escape");

    const number = "5511987650101";
    await call(base, `/sandbox/${w.id}/inbound`, ops, { number, name: "Bia Cliente", body: "Oi" });
    const outbox = async () =>
      (await call(base, `/sandbox/${w.id}/outbox?number=${number}`, ops)).records.map((
        r: { body: string },
      ) => r.body);
    const deadline = Date.now() + 10_000;
    while (!(await outbox()).length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.deepEqual(
      await outbox(),
      ["Olá! Já vamos te atender."],
      "the connection's hours, not the company's",
    );
  } finally {
    await browser.close();
    await server.stop();
  }
});

Deno.test("quick answers: one made inactive in its dialog reads Inativa and is not offered in the composer", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const { token } = await call(base, "/auth/login", "", ADMIN);
    const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
    const ops = await colleagueToken(base, token);
    await call(base, "/quick-messages", token, {
      shortcode: "pix",
      message: "Nossa chave PIX é 12345",
    });
    await call(base, "/quick-messages", token, {
      shortcode: "pizza",
      message: "Promoção de pizza",
    });

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/quick-messages`);
    await page.getByRole("button", { name: "Editar resposta rápida /pizza" }).click();
    const dialog = page.getByRole("dialog");
    const active = dialog.getByRole("switch", { name: /^Ativa/ });
    assert.equal(await active.isChecked(), true, "active by default");
    await dialog.getByText(/^Ativa \(/).click();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("row").filter({ hasText: "/pizza" }).getByText("Inativa").waitFor();
    const pix = await page.getByRole("row").filter({ hasText: "/pix" }).innerText();
    assert.match(pix, /Ativa/);
    assert.doesNotMatch(pix, /Inativa/);

    await call(base, `/sandbox/${w.id}/inbound`, ops, {
      number: "5511987650102",
      name: "Caio Cliente",
      body: "Oi",
    });
    await page.getByRole("link", { name: "Atendimentos" }).click();
    await page.getByRole("tab", { name: /Aguardando/ }).click();
    const item = page.getByTestId("ticket-item").filter({ hasText: "Caio Cliente" });
    await item.getByRole("button", { name: "Aceitar" }).click();
    const text = page.getByRole("textbox", { name: "Mensagem" });
    await text.fill("/pi");
    await page.getByRole("option", { name: /pix/ }).waitFor();
    assert.equal(
      await page.getByRole("option", { name: /pizza/ }).count(),
      0,
      "the inactive answer is not offered",
    );
  } finally {
    await browser.close();
    await server.stop();
  }
});
