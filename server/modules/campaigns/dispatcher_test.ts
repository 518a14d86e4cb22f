// The campaign dispatcher end to end on the sandbox phone: start at scheduledAt, filled
// variants, the pace, invalid numbers, the claim and its unknown outcome, cancel and
// restart, pauses, acks, and the tickets the sends leave behind.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { ADMIN, sandboxConnection, startTestServer, type TestServer, waitFor } from "../../testing.ts";
import { dueTimers } from "../../../db/control/schema.ts";
import { campaignShipping, contactListItems } from "../../../db/tenant/campaigns.ts";
import { contacts, tickets } from "../../../db/tenant/schema.ts";
import { CAMPAIGNS_KIND, wakeCampaigns } from "./wake.ts";
import { campaignRow, makeCampaign, makeList, outbox, runUntil, setCampaign, setSettings, shipping, testClock } from "./fixtures/campaign.ts";
import { HEARTBEAT_MS } from "./dispatcher.ts";
import { rateLimitBackoffMs } from "./runner.ts";
import { SandboxSession } from "../../channels/sandbox/provider.ts";

const noPace = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };

async function boot(randoms?: number[]) {
  const clock = testClock(randoms);
  const s = await startTestServer({ campaignClock: clock.clock });
  const { token } = await s.login(ADMIN.email, ADMIN.password);
  const w = await sandboxConnection(s, token);
  return { s, token, w, clock };
}

const timerRow = async (s: TestServer) =>
  (await s.deps.control.db.select().from(dueTimers).where(and(eq(dueTimers.companyId, 1), eq(dueTimers.kind, CAMPAIGNS_KIND))))[0];

Deno.test("campaigns: a scheduled campaign starts at its time, sends one filled variant to each valid number once, checks the unchecked, skips the invalid, and ends FINALIZADA", async () => {
  // Variant picks alternate: the first filled variant, then the second.
  const { s } = await boot([0.1, 0.9]);
  try {
    await setSettings(s, { ...noPace, variables: [{ key: "cupom", value: "PROMO10" }, { key: "nome", value: "not this" }] });
    const { list, items } = await makeList(s, [
      { name: "Ana", number: "5511955550001", email: "ana@example.com" },
      { name: "Bruno", number: "5511955550002", valid: false },
      { name: "Carla", number: "5511955550003", valid: null },
      { name: "Davi", number: "0511955550004", valid: null },
      { name: "Eva", number: "5511955550005", email: "eva@example.com" },
    ]);
    const w = (await s.deps.registry.with(1, (t) => t.db.query.whatsapps.findFirst()))!;
    const later = await makeCampaign(s, { status: "PROGRAMADA", scheduledAt: new Date(Date.now() + 3_600_000).toISOString(), whatsappId: w.id, contactListId: list.id });
    const c = await makeCampaign(s, {
      status: "PROGRAMADA",
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
      whatsappId: w.id,
      contactListId: list.id,
      message1: "Olá {nome} ({email}, {numero}): use {cupom} {desconhecida}",
      message2: "  ",
      message3: "Oi {{firstName}}, cupom {cupom}",
    });

    const done = await runUntil(s, c.id, "FINALIZADA");
    assert.ok(done.startedAt && done.completedAt, "started and completed");
    assert.equal((await campaignRow(s, later.id)).status, "PROGRAMADA", "a campaign whose time has not come waits");

    const sent = await outbox(s);
    assert.deepEqual(sent.map((m) => [m.number, m.body]), [
      ["5511955550001", "Olá Ana (ana@example.com, 5511955550001): use PROMO10 {desconhecida}"],
      ["5511955550003", "Oi Carla, cupom PROMO10"],
      ["5511955550005", "Olá Eva (eva@example.com, 5511955550005): use PROMO10 {desconhecida}"],
    ]);
    const rows = await shipping(s, c.id);
    assert.deepEqual(rows.map((r) => [r.contactListItemId, r.status]), [[items[0].id, "sent"], [items[2].id, "sent"], [items[4].id, "sent"]]);
    assert.equal(rows[1].message, "Oi {{firstName}}, cupom PROMO10", "the row keeps the variant as filled here");
    assert.ok(rows.every((r) => r.sentAt && r.messageId && r.ticketId), "sent rows carry the message and ticket");
    const checked = await s.deps.registry.with(1, (t) => t.db.select().from(contactListItems).where(eq(contactListItems.contactListId, list.id)));
    assert.deepEqual(checked.map((i) => i.isWhatsappValid), [true, false, true, false, true], "the unchecked were checked on the connection");

    // Acks: the sandbox reports delivery, and each row gets its deliveredAt.
    await waitFor(async () => (await shipping(s, c.id)).every((r) => r.deliveredAt), 4000, "deliveredAt on every row");

    // Once it is over, the job's next wake is the waiting campaign's start (no heartbeat left).
    await waitFor(async () => (await timerRow(s))?.nextAt === later.scheduledAt, 3000, "the next start as the next wake");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: the pace is a random whole number of seconds below messageInterval, plus greaterInterval after every longerIntervalAfter sends", async () => {
  const { s, w, clock } = await boot([0.55]);
  try {
    await setSettings(s, { messageInterval: 10, longerIntervalAfter: 5, greaterInterval: 60 });
    const { list } = await makeList(s, [1, 2, 3, 4, 5, 6, 7].map((n) => ({ name: `P${n}`, number: `551195555010${n}` })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await runUntil(s, c.id, "FINALIZADA");
    // random 0.55 -> 5 s of jitter; none before the first send, none after the last; +60 s after the 5th.
    assert.deepEqual(clock.waits, [5_000, 5_000, 5_000, 5_000, 65_000, 5_000]);
    assert.equal((await outbox(s)).length, 7);
  } finally {
    await s.stop();
  }
});
