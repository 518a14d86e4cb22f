import assert from "node:assert/strict";
import { contactListQuery, contactListWhere } from "./service.ts";
import { contacts } from "../../../db/tenant/schema.ts";
import { ADMIN, startTestServer } from "../../testing.ts";

type Row = { name: string };

Deno.test("GET /contacts: date is the day of creation, dateStart and dateEnd its first and last day, in the company's time zone", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    await s.call("/settings/timezone", {
      token,
      method: "PUT",
      body: { value: "America/Sao_Paulo" },
    });
    // Created (UTC) ... the São Paulo day (UTC-3) it falls on.
    const made = [
      ["Ana", "2026-03-01T12:00:00.000Z"], // 03-01
      ["Bia", "2026-03-02T02:30:00.000Z"], // 03-01 (23:30 the day before in São Paulo)
      ["Caio", "2026-03-02T03:00:00.000Z"], // 03-02
      ["Davi", "2026-03-04T18:00:00.000Z"], // 03-04
      ["Eva", "2026-03-05T03:10:00.000Z"], // 03-05
    ];
    for (const [i, [name, at]] of made.entries()) {
      const { id } =
        (await s.call("/contacts", { token, body: { name, number: `55119555504${i}0` } })).body;
      await s.deps.registry.with(
        1,
        (t) =>
          t.client.execute({
            sql: "UPDATE contacts SET created_at = ? WHERE id = ?",
            args: [at, id],
          }),
      );
    }
    const names = async (q: string) => {
      const r = await s.call(`/contacts?${q}`, { token });
      assert.equal(r.status, 200, q);
      return [r.body.contacts.map((c: Row) => c.name), r.body.count];
    };
    assert.deepEqual(await names("date=2026-03-01"), [["Ana", "Bia"], 2]);
    assert.deepEqual(await names("date=2026-03-03"), [[], 0]);
    assert.deepEqual(await names("dateStart=2026-03-02&dateEnd=2026-03-04"), [["Caio", "Davi"], 2]);
    assert.deepEqual(await names("dateStart=2026-03-04"), [["Davi", "Eva"], 2]);
    assert.deepEqual(await names("dateEnd=2026-03-01"), [["Ana", "Bia"], 2]);
    assert.deepEqual(
      await names("dateStart=2026-03-01&dateEnd=2026-03-05&searchParam=Eva&pageNumber=1"),
      [["Eva"], 1],
    );
    assert.deepEqual(await names("searchParam=&pageNumber=1"), [[
      "Ana",
      "Bia",
      "Caio",
      "Davi",
      "Eva",
    ], 5]);

    const bad = await s.call("/contacts?dateStart=2026-03-05&dateEnd=2026-03-01", { token });
    assert.deepEqual([bad.status, bad.body.field], [400, "dateEnd"]);
    assert.deepEqual((await s.call("/contacts?date=ontem", { token })).body.field, "date");
  } finally {
    await s.stop();
  }
});

Deno.test("GET /contacts by days reads contacts_created_at_idx", async () => {
  const s = await startTestServer();
  try {
    const detail = await s.deps.registry.with(1, async (t) => {
      const where = await contactListWhere(
        t,
        contactListQuery.parse({ dateStart: "2026-03-01", dateEnd: "2026-03-05" }),
      );
      const q = t.db.select().from(contacts).where(where).toSQL();
      const plan = await t.client.execute({
        sql: `EXPLAIN QUERY PLAN ${q.sql}`,
        args: q.params as (string | number)[],
      });
      return plan.rows.map((r) => String(r.detail)).join("\n");
    });
    assert.match(
      detail,
      /SEARCH contacts USING INDEX contacts_created_at_idx \(created_at>\? AND created_at<\?\)/,
    );
  } finally {
    await s.stop();
  }
});
