// A spreadsheet as a team brings it (rows without a name, numbers written without the
// country code) imported into a list and sent a campaign: what the import says and what
// each customer receives.
import assert from "node:assert/strict";
import * as XLSX from "@e965/xlsx";
import { asc, eq } from "drizzle-orm";
import { ADMIN, sandboxConnection, startTestServer } from "../../testing.ts";
import { contactListItems } from "../../../db/tenant/campaigns.ts";
import { makeCampaign, outbox, runUntil, setSettings, UNGUARDED } from "./fixtures/campaign.ts";

function upload(rows: unknown[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  const form = new FormData();
  form.append("file", new Blob([XLSX.write(book, { type: "array", bookType: "xlsx" })]), "lista.xlsx");
  return form;
}

Deno.test("campaign to an imported list: numbers without the country code are completed with 55 (or refused without area code) and said so; a row without a name is greeted without its number", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    await setSettings(s, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...UNGUARDED });
    const list = (await s.call("/contact-lists", { token, body: { name: "Feira" } })).body;
    const r = await s.call(`/contact-lists/${list.id}/upload`, {
      token,
      form: upload([
        ["nome", "numero"],
        ["Ana Lima", "(11) 95555-0010"],
        ["", "5511955550013"],
        ["Sem DDD", "95555-0014"],
      ]),
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.completedNumbers, 1, "one number completed with the country code");
    assert.equal(r.body.countryCode, "55");
    assert.deepEqual(r.body.errorBag.map((e: { row: number; error: { reason: string } }) => [e.row, e.error.reason]), [[4, "number_no_country"]]);
    const items = await s.deps.registry.with(1, (t) =>
      t.db.select({ name: contactListItems.name, number: contactListItems.number }).from(contactListItems)
        .where(eq(contactListItems.contactListId, list.id)).orderBy(asc(contactListItems.id)));
    assert.deepEqual(items, [{ name: "Ana Lima", number: "5511955550010" }, { name: "", number: "5511955550013" }]);

    const c = await makeCampaign(s, {
      status: "PROGRAMADA",
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
      whatsappId: w.id,
      contactListId: list.id,
      message1: "Olá {nome}, tudo bem? {{firstName}}, a feira começa amanhã.",
    });
    await runUntil(s, c.id, "FINALIZADA");
    assert.deepEqual((await outbox(s)).map((m) => [m.number, m.body]), [
      ["5511955550010", "Olá Ana Lima, tudo bem? Ana, a feira começa amanhã."],
      ["5511955550013", "Olá, tudo bem? A feira começa amanhã."],
    ]);
  } finally {
    await s.stop();
  }
});

Deno.test("contact list item: a number typed without the country code is completed with the company's code; without area code it is refused", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const list = (await s.call("/contact-lists", { token, body: { name: "Manual" } })).body;
    const added = await s.call("/contact-list-items", { token, body: { name: "Rui", number: "(21) 97777-6666", contactListId: list.id } });
    assert.equal(added.body.number, "5521977776666");
    const short = await s.call("/contact-list-items", { token, body: { name: "Sol", number: "97777-6666", contactListId: list.id } });
    assert.deepEqual([short.status, short.body.error, short.body.field], [400, "ERR_LIST_NUMBER_NO_AREA_CODE", "number"]);
    await s.call("/settings/defaultCountryCode", { token, method: "PUT", body: { value: "" } });
    const asWritten = await s.call(`/contact-list-items/${added.body.id}`, { token, method: "PUT", body: { number: "21 97777-6666" } });
    assert.equal(asWritten.body.number, "21977776666", "no code set: as written");
  } finally {
    await s.stop();
  }
});
