// The campaign's number checks on the sandbox phone: WhatsApp's 429 on a check pauses the
// campaign, one check per item, the answered address kept and used, the connection's cap,
// and Brazil's 9th digit meeting a customer stored under WhatsApp's form.
import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer } from "../../testing.ts";
import { endPause, makeCampaign, makeList, outbox, runUntil, runUntilPaused, setSettings, shipping, testClock, UNGUARDED, untilStatus } from "./fixtures/campaign.ts";
import { rateLimitBackoffMs } from "./runner.ts";
import { SandboxSession } from "../../channels/sandbox/provider.ts";

// Any hour of the day: these tests are about checks, not the send window.
const noPace = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...UNGUARDED };

async function boot(env: Record<string, string> = {}) {
  const s = await startTestServer({ campaignClock: testClock().clock, env });
  const { token } = await s.login(ADMIN.email, ADMIN.password);
  const w = await sandboxConnection(s, token);
  const phone = s.deps.sessions.session(1, w.id);
  assert.ok(phone instanceof SandboxSession);
  await setSettings(s, noPace);
  return { s, token, w, phone };
}

const rows = (s: Awaited<ReturnType<typeof boot>>["s"], sql: string, args: (string | number)[] = []) =>
  s.deps.registry.with(1, async (t) => (await t.client.execute({ sql, args })).rows);

Deno.test("campaigns: WhatsApp's 429 on a number check pauses the campaign (ERR_CAMPAIGN_RATE_LIMITED) instead of sending unchecked; it resumes after the pause", async () => {
  const { s, w, phone } = await boot();
  try {
    const numbers = [1, 2, 3].map((n) => `551195555120${n}`);
    const { list } = await makeList(s, numbers.map((number, i) => ({ name: `L${i}`, number, valid: null })));
    phone.rateLimitChecks(1);
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    const at = Date.now();
    const paused = await runUntilPaused(s, c.id);
    assert.equal(paused.pauseReason, "ERR_CAMPAIGN_RATE_LIMITED");
    const wait = Date.parse(paused.pausedUntil!) - at;
    assert.ok(wait >= rateLimitBackoffMs(1) && wait < rateLimitBackoffMs(1) + 5000, `paused for the backoff (${wait} ms)`);
    assert.deepEqual(await outbox(s), [], "nothing sent to an unchecked number");
    assert.deepEqual(await shipping(s, c.id), [], "no item settled failed");
    assert.equal(phone.checks, 1, "one refused check, no second one at send time");

    await endPause(s, paused);
    const done = await untilStatus(s, c.id, "FINALIZADA", 10_000);
    assert.equal(done.pauseReason, null);
    assert.deepEqual((await outbox(s)).map((m) => m.number), numbers);
    assert.equal(phone.checks, 4, "then one check per item");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: 5 unchecked items cost 5 number checks, not 10; the address each check answered is kept on the item and the contact, and the send goes there", async () => {
  const { s, w, phone } = await boot();
  try {
    const numbers = [1, 2, 3, 4, 5].map((n) => `55119555513${n}0`);
    // WhatsApp knows the first one by Brazil's 12-digit form.
    phone.account(numbers[0], "551155551310");
    const { list } = await makeList(s, numbers.map((number, i) => ({ name: `C${i}`, number, valid: null })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await runUntil(s, c.id, "FINALIZADA");
    assert.equal(phone.checks, 5);
    assert.deepEqual((await shipping(s, c.id)).map((r) => r.status), ["sent", "sent", "sent", "sent", "sent"]);
    const items = await rows(s, "SELECT number, is_whatsapp_valid, wa_jid FROM contact_list_items ORDER BY id");
    assert.deepEqual(items.map((i) => [i.number, i.is_whatsapp_valid, i.wa_jid]), [
      [numbers[0], 1, "551155551310@s.whatsapp.net"],
      ...numbers.slice(1).map((n) => [n, 1, `${n}@s.whatsapp.net`]),
    ]);
    const people = await rows(s, "SELECT number, wa_jid FROM contacts ORDER BY id");
    assert.deepEqual(people.map((p) => [p.number, p.wa_jid]), items.map((i) => [i.number, i.wa_jid]));
    assert.deepEqual((await outbox(s)).map((m) => m.number), ["551155551310", ...numbers.slice(1)], "sent to the answered address");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: a customer stored under WhatsApp's 12-digit form gets the campaign to the 13-digit number in his own contact and ticket, not a second contact (Brazil's 9th digit)", async () => {
  const { s, token, w, phone } = await boot();
  try {
    // The customer wrote first: WhatsApp addressed him by the 12-digit form.
    const inbound = await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "551187654321", name: "Rita", body: "Oi" } });
    assert.equal(inbound.status, 201);
    phone.account("5511987654321", "551187654321");
    const { list } = await makeList(s, [{ name: "Rita", number: "5511987654321", valid: null }]);
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await runUntil(s, c.id, "FINALIZADA");
    const people = await rows(s, "SELECT id, number FROM contacts");
    assert.equal(people.length, 1, "one contact");
    const [row] = await shipping(s, c.id);
    assert.equal(row.status, "sent");
    const [ticket] = await rows(s, "SELECT contact_id FROM tickets WHERE id = ?", [row.ticketId!]);
    assert.equal(ticket.contact_id, people[0].id, "the campaign's ticket is the customer's");
    assert.equal(phone.checks, 0, "the contact's address answered the check");
    assert.deepEqual((await outbox(s)).map((m) => m.number), ["551187654321"]);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: the connection's hourly check cap pauses the campaign (ERR_CAMPAIGN_CHECK_LIMIT) until a check leaves the hour", async () => {
  const { s, w, phone } = await boot({ NUMBER_CHECKS_PER_HOUR: "2" });
  try {
    const numbers = [1, 2, 3].map((n) => `551195555140${n}`);
    const { list } = await makeList(s, numbers.map((number, i) => ({ name: `K${i}`, number, valid: null })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    const at = Date.now();
    const paused = await runUntilPaused(s, c.id);
    assert.equal(paused.pauseReason, "ERR_CAMPAIGN_CHECK_LIMIT");
    const wait = Date.parse(paused.pausedUntil!) - at;
    assert.ok(wait >= 3_600_000 && wait < 3_605_000, `until the first check is an hour old (${wait} ms)`);
    assert.equal(phone.checks, 2);
    assert.deepEqual((await outbox(s)).map((m) => m.number), numbers.slice(0, 2));
  } finally {
    await s.stop();
  }
});
