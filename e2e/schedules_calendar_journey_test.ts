// Journey of issue 12's schedules calendar, as a desktop in Portuguese and a phone in English:
// an admin opens /schedules, finds a schedule in the month on its day under the contact's
// name, goes to that day's week and day, edits it from the calendar and deletes another with
// confirmation while the count in the title follows, sees a colleague's new one arrive live;
// the chosen view is remembered, the week starts on the company's day.
import assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import { launchBrowser, newPage, signIn, VIEWS } from "./browser.ts";
import { describeViolations, seriousViolations } from "./a11y.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";
import { visibleRange } from "../web/src/pages/schedules/scheduleCalendar.ts";

const WORDS = {
  pt: {
    locale: "pt-BR",
    title: (n: number) => `Agendamentos (${n})`,
    month: "Mês",
    week: "Semana",
    day: "Dia",
    list: "Lista",
    next: "Próximo",
    edit: "Editar agendamento de Maria Souza",
    remove: "Excluir agendamento de João Lima",
    dialog: "Mensagem Pendente",
    body: "Mensagem",
    save: "Salvar",
    saved: "Agendamento salvo com sucesso!",
    confirm: "Excluir",
    calendar: "Calendário de agendamentos",
    // The company's default week.
    weekStart: "sunday",
    firstColumn: "domingo",
  },
  en: {
    locale: "en",
    title: (n: number) => `Schedules (${n})`,
    month: "Month",
    week: "Week",
    day: "Day",
    list: "List",
    next: "Next",
    edit: "Edit schedule for Maria Souza",
    remove: "Delete schedule for João Lima",
    dialog: "Message Pending",
    body: "Message",
    save: "Save",
    saved: "Schedule saved successfully!",
    confirm: "Delete",
    calendar: "Schedules calendar",
    weekStart: "monday",
    firstColumn: "Mon",
  },
};

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  assert.ok(b, "on screen");
  return b;
}

for (const view of VIEWS) {
  Deno.test(`schedules calendar: month, week and day, edit and delete from the calendar, the count in the title: ${view.name}`, async () => {
    const words = WORDS[view.language as "pt" | "en"];
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const base = server.baseUrl;
      const token = await logIn(base, ADMIN);
      const ops = await colleagueToken(base, token);
      const maria = await call(base, "/contacts", token, { name: "Maria Souza", number: "5511955550401" });
      const joao = await call(base, "/contacts", token, { name: "João Lima", number: "5511955550402" });
      // Tomorrow, in the browser's (this machine's) time zone.
      const now = new Date();
      const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
      const at = (hour: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour).toISOString();
      const kept = await call(base, "/schedules/", token, { body: "Lembrete da consulta de amanhã", sendAt: at(10), contactId: maria.id });
      await call(base, "/schedules/", token, { body: "Confirme sua visita, por favor", sendAt: at(15), contactId: joao.id });
      await call(base, "/settings/weekStart", token, { value: words.weekStart }, "PUT");

      const page = await newPage(browser, view);
      await signIn(page, base, ADMIN.email, ADMIN.password);
      await page.goto(`${base}/schedules`);
      await page.getByRole("heading", { level: 1, name: words.title(2) }).waitFor();
      const calendar = page.getByRole("region", { name: words.calendar });

      // The month: the schedule sits in its day's cell, under the contact's name.
      await page.getByRole("radio", { name: words.month }).click();
      assert.equal((await calendar.getByRole("columnheader").first().textContent())?.trim(), words.firstColumn, "the company's week start");
      if (day >= visibleRange("month", now, words.weekStart === "monday" ? 1 : 0).to) await page.getByRole("button", { name: words.next }).click();
      const dayButton = calendar.getByRole("button", { name: day.toLocaleDateString(words.locale, { dateStyle: "full" }), exact: true });
      const event = calendar.locator(".rbc-month-view .rbc-event", { hasText: "Maria Souza" });
      await event.waitFor();
      const cell = await box(dayButton.locator("xpath=.."));
      const placed = await box(event);
      const middle = placed.x + placed.width / 2;
      assert.ok(middle > cell.x && middle < cell.x + cell.width, "in its day's column");
      assert.ok(placed.y > cell.y && placed.y < cell.y + 120, "in its day's week row");
      assert.deepEqual(await seriousViolations(page), [], describeViolations(await seriousViolations(page)));

      // Its day's week, then the day: there the edit and delete icons of each schedule.
      await dayButton.click();
      await page.getByRole("radio", { name: words.week }).click();
      await calendar.locator(".rbc-time-view .rbc-event", { hasText: "Maria Souza" }).waitFor();
      await calendar.locator(".rbc-time-view .rbc-event", { hasText: "João Lima" }).waitFor();
      await page.getByRole("radio", { name: words.day }).click();
      await page.getByRole("heading", { level: 2, name: day.toLocaleDateString(words.locale, { dateStyle: "full" }) }).waitFor();
      await calendar.getByRole("button", { name: words.edit }).waitFor();
      assert.deepEqual(await seriousViolations(page), [], describeViolations(await seriousViolations(page)));

      // By keyboard: the event's edit icon is a button of its own.
      await calendar.getByRole("button", { name: words.edit }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: words.dialog });
      const body = dialog.getByLabel(words.body, { exact: true });
      assert.equal(await body.inputValue(), "Lembrete da consulta de amanhã");
      await body.fill("Lembrete: consulta amanhã às 10h");
      await dialog.getByRole("button", { name: words.save, exact: true }).click();
      await page.getByText(words.saved).waitFor();
      assert.equal((await call(base, `/schedules/${kept.id}`, ops)).body, "Lembrete: consulta amanhã às 10h");

      // Deleting asks first; the calendar and the count follow.
      await calendar.getByRole("button", { name: words.remove }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: words.confirm, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: words.title(1) }).waitFor();
      await calendar.locator(".rbc-event", { hasText: "João Lima" }).waitFor({ state: "detached" });
      assert.equal(await page.getByRole("dialog").count(), 0, "the delete icon opened nothing else");
      assert.equal((await call(base, "/schedules/", ops)).count, 1);

      // A colleague's new schedule for that day appears live, and the count with it.
      await call(base, "/schedules/", ops, { body: "Seu pedido está pronto", sendAt: at(12), contactId: joao.id });
      await calendar.locator(".rbc-event", { hasText: "João Lima" }).waitFor();
      await page.getByRole("heading", { level: 1, name: words.title(2) }).waitFor();

      // The view chosen is the one the page opens with next time.
      await page.reload();
      await page.getByRole("heading", { level: 1, name: words.title(2) }).waitFor();
      assert.equal(await page.getByRole("radio", { name: words.day }).getAttribute("aria-checked"), "true");
      await page.getByRole("radio", { name: words.list }).click();
      await page.getByRole("table", { name: view.language === "pt" ? "Agenda de mensagens" : "Message agenda" })
        .getByText("Maria Souza").waitFor();
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
