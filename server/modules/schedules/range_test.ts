import assert from "node:assert/strict";
import { listFilter, schedulePageSelect, scheduleQuery } from "./service.ts";
import { ADMIN, newCompany, startTestServer } from "../../testing.ts";

const day = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * day).toISOString();
type Row = { id: number; sendAt: string; contact: { name: string } };

Deno.test("schedules range: from/to keeps sendAt in [from, to), with search and paging; another company's schedules never show", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const ana = (await s.call("/contacts", { token, body: { name: "Ana Lima", number: "5511955550301" } })).body;
    const bia = (await s.call("/contacts", { token, body: { name: "Bia Reis", number: "5511955550302" } })).body;
    const make = async (contactId: number, days: number) =>
      (await s.call("/schedules/", { token, body: { body: "Lembrete da consulta", sendAt: at(days), contactId } })).body as Row;
    const inside = [await make(ana.id, 3), await make(bia.id, 5), await make(ana.id, 9.5)];
    await make(bia.id, 1);
    await make(ana.id, 12);

    const from = encodeURIComponent(at(2));
    const to = encodeURIComponent(at(10));
    const range = await s.call(`/schedules/?from=${from}&to=${to}`, { token });
    assert.equal(range.status, 200);
    assert.deepEqual(range.body.schedules.map((r: Row) => r.id), inside.map((r) => r.id));
    assert.equal(range.body.count, 3);
    assert.equal(range.body.hasMore, false);
    const searched = await s.call(`/schedules/?from=${from}&to=${to}&searchParam=ana&pageNumber=1`, { token });
    assert.deepEqual(searched.body.schedules.map((r: Row) => r.contact.name), ["Ana Lima", "Ana Lima"]);
    assert.equal((await s.call(`/schedules/?from=${from}&to=${to}&pageNumber=2`, { token })).body.schedules.length, 0);
    // An instant equal to `to` belongs to the next range.
    const edge = encodeURIComponent(inside[1].sendAt);
    assert.deepEqual((await s.call(`/schedules/?from=${from}&to=${edge}`, { token })).body.schedules.map((r: Row) => r.id), [inside[0].id]);
    assert.deepEqual((await s.call(`/schedules/?from=${edge}&to=${to}`, { token })).body.schedules.map((r: Row) => r.id), [inside[1].id, inside[2].id]);
    // Without a range the spec's list is unchanged: all five, soonest first.
    assert.equal((await s.call("/schedules/?searchParam=&pageNumber=1", { token })).body.count, 5);

    assert.equal((await s.call(`/schedules/?from=${to}&to=${from}`, { token })).body.field, "to");
    assert.equal((await s.call("/schedules/?from=yesterday", { token })).body.field, "from");

    const other = await newCompany(s, token, "Outra Clinica");
    const otherToken = (await s.login(other.email, other.password)).token;
    const theirs = await s.call(`/schedules/?from=${from}&to=${to}`, { token: otherToken });
    assert.equal(theirs.status, 200);
    assert.deepEqual([theirs.body.schedules, theirs.body.count], [[], 0]);
  } finally {
    await s.stop();
  }
});

Deno.test("schedules range: the page reads the sendAt index, no sort step", async () => {
  const s = await startTestServer();
  try {
    const q = scheduleQuery.parse({ from: at(0), to: at(30) });
    const plan = await s.deps.registry.with(1, (t) => {
      const sql = schedulePageSelect(t, listFilter(q).where).limit(201).offset(0).toSQL();
      return t.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql.sql}`, args: sql.params as (string | number)[] });
    });
    const detail = plan.rows.map((r) => String(r.detail)).join("\n");
    assert.match(detail, /SEARCH schedules USING INDEX schedules_send_at_idx \(send_at>\? AND send_at<\?\)/);
    assert.doesNotMatch(detail, /TEMP B-TREE/);
  } finally {
    await s.stop();
  }
});
