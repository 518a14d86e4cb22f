// Journey: a company's admin reads what each option does, turns business hours to "Por
// empresa", and sets the company's week on the Horários tab (a wrong day is pointed out
// before anything is sent); the super admin then adjusts that company's hours from the
// Empresas tab. The server's copy is checked through the API each time.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn, storageItem } from "./browser.ts";
import { ADMIN, call, logIn, startServer } from "./server.ts";

type Day = { weekdayEn: string; startTime: string; endTime: string };
const hours = (days: Day[]) => days.map((d) => `${d.weekdayEn} ${d.startTime}-${d.endTime}`);

Deno.test("settings: an admin switches to company hours and saves the week; the super admin edits it from Empresas", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const root = await logIn(server.baseUrl, ADMIN);
    const company = await call(server.baseUrl, "/companies", root, {
      name: "Padaria Central",
      email: "dono@padaria.com",
      planId: 1,
      password: "segredo12",
    });

    const page = await newPage(browser);
    await signIn(page, server.baseUrl, "dono@padaria.com", "segredo12");
    // One session per user: the API checks use the browser's own token.
    const owner = (await storageItem(page, "token"))!;
    await page.goto(`${server.baseUrl}/settings`);

    // Every option says what it does; the hours tab waits for scheduleType "company".
    await page.getByRole("switch", { name: "Ignorar mensagens de grupos" }).waitFor();
    await page.getByText("Mensagens de grupos do WhatsApp são ignoradas e não abrem atendimentos.")
      .waitFor();
    const groups = page.getByRole("switch", { name: "Ignorar mensagens de grupos" });
    const describedBy = await groups.getAttribute("aria-describedby");
    assert.ok(describedBy, "the description is tied to its switch");
    assert.match(await page.locator(`[id="${describedBy}"]`).innerText(), /grupos do WhatsApp/);
    assert.equal(await page.getByRole("tab", { name: "Horários" }).count(), 0);

    await page.getByRole("button", { name: /Gerenciamento de expediente/ }).click();
    await page.getByRole("option", { name: "Por empresa" }).click();
    await page.getByText("Configuração atualizada com sucesso.").first().waitFor();
    await page.getByRole("tab", { name: "Horários" }).click();

    // The default week, typed over with the HH:MM mask.
    const monday = page.getByRole("textbox", { name: "Hora inicial de Segunda-feira" });
    assert.equal(await monday.inputValue(), "08:00");
    await monday.fill("");
    await monday.pressSequentially("0730");
    assert.equal(await monday.inputValue(), "07:30");
    const tuesdayEnd = page.getByRole("textbox", { name: "Hora final de Terça-feira" });
    await tuesdayEnd.fill("");
    await tuesdayEnd.pressSequentially("0700");
    await page.getByRole("textbox", { name: "Hora inicial de Sábado" }).fill("");
    await page.getByRole("textbox", { name: "Hora final de Sábado" }).fill("");

    // Tuesday ends before it starts: pointed out, nothing saved.
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByText("A hora final deve ser depois da inicial.").waitFor();
    assert.equal(await tuesdayEnd.getAttribute("aria-invalid"), "true");
    const before = await call(server.baseUrl, `/companies/${company.id}`, owner);
    assert.equal(before.schedules[0].startTime, "08:00", "nothing was sent");

    await tuesdayEnd.fill("");
    await tuesdayEnd.pressSequentially("1900");
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByText("Horários atualizados com sucesso.").first().waitFor();

    const settings: { key: string; value: string }[] = await call(
      server.baseUrl,
      "/settings",
      owner,
    );
    assert.equal(settings.find((s) => s.key === "scheduleType")?.value, "company");
    const saved = await call(server.baseUrl, `/companies/${company.id}`, owner);
    assert.deepEqual(hours(saved.schedules), [
      "monday 07:30-18:00",
      "tuesday 08:00-19:00",
      "wednesday 08:00-18:00",
      "thursday 08:00-18:00",
      "friday 08:00-18:00",
      "saturday -",
      "sunday 00:00-00:00",
    ]);
    assert.equal(saved.schedules[0].weekday, "Segunda-feira");

    // The super admin opens that company's hours from Settings > Empresas.
    const superPage = await newPage(browser);
    await signIn(superPage, server.baseUrl, ADMIN.email, ADMIN.password);
    await superPage.goto(`${server.baseUrl}/settings`);
    await superPage.getByRole("tab", { name: "Empresas" }).click();
    await superPage.getByRole("button", { name: "Editar horários de Padaria Central" }).click();
    const dialog = superPage.getByRole("dialog", { name: "Horários de Padaria Central" });
    const sundayStart = dialog.getByRole("textbox", { name: "Hora inicial de Domingo" });
    assert.equal(
      await dialog.getByRole("textbox", { name: "Hora inicial de Segunda-feira" }).inputValue(),
      "07:30",
    );
    await sundayStart.fill("");
    await sundayStart.pressSequentially("0900");
    const sundayEnd = dialog.getByRole("textbox", { name: "Hora final de Domingo" });
    await sundayEnd.fill("");
    await sundayEnd.pressSequentially("1300");
    await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const edited = await call(server.baseUrl, `/companies/${company.id}`, owner);
    assert.equal(hours(edited.schedules)[6], "sunday 09:00-13:00");
    assert.equal(hours(edited.schedules)[0], "monday 07:30-18:00");
  } finally {
    await browser.close();
    await server.stop();
  }
});
