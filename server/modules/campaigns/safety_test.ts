// The campaigns' protections of the company's number, end to end on the sandbox phone:
// WhatsApp's refusals after the send (463: the account is restricted) and its time-lock,
// the rate-limit back-off that outlives a runner, the send window, the daily cap of a new
// number, and typing before a text. The program clock runs at real speed from an offset
// the tests move (the due timers and the guards follow it).
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { ADMIN, listen, sandboxConnection, startTestServer, waitFor } from "../../testing.ts";
import { messages } from "../../../db/tenant/schema.ts";
import { campaignConnections } from "../../../db/tenant/campaigns.ts";
import { sandboxChannel } from "../../../contracts/realtime.ts";
import { SandboxSession } from "../../channels/sandbox/provider.ts";
import { localParts } from "../settings/timezone.ts";
import { CAMPAIGNS_KIND, wakeCampaigns } from "./wake.ts";
import { RESTRICTED_UNKNOWN_MS } from "./connection.ts";
import { rateLimitBackoffMs } from "./runner.ts";
import { campaignRow, makeCampaign, makeList, outbox, runUntil, setSettings, shipping, testClock, UNGUARDED } from "./fixtures/campaign.ts";

const HOUR = 3_600_000;

async function boot(randoms?: number[]) {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const clock = testClock(randoms);
  const s = await startTestServer({ clock: now, campaignClock: clock.clock });
  const { token } = await s.login(ADMIN.email, ADMIN.password);
  assert.equal((await s.call("/settings/timezone", { token, method: "PUT", body: { value: "UTC" } })).status, 200);
  const w = await sandboxConnection(s, token);
  await setSettings(s, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...UNGUARDED });
  /** Runs the campaigns' job as the timers would at the program's now. */
  const due = () => s.deps.timers.runNow(1, CAMPAIGNS_KIND, now());
  return { s, token, w, clock, now, due, advance: (ms: number) => offset += ms };
}

const pausedWith = (s: Awaited<ReturnType<typeof boot>>["s"], id: number, reason: string) =>
  waitFor(async () => {
    const r = await campaignRow(s, id);
    return r.pauseReason === reason ? r : null;
  }, 5000, reason);

Deno.test("campaigns: WhatsApp's 463 after a send fails the row (ERR_WAPP_REFUSED_463), pauses every campaign of the connection 24 h, its time-lock's end replaces that, and the refused contact is never sent again", async () => {
  const { s, token, w, clock, now } = await boot();
  try {
    await setSettings(s, { minGap: 5 });
    const refused = "9994630000001";
    const { list } = await makeList(s, [{ name: "Restrita", number: refused }, { name: "Ana", number: "5511955551201" }, { name: "Bia", number: "5511955551202" }]);
    const { list: other } = await makeList(s, [{ name: "Caio", number: "5511955551301" }]);
    const a = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date(Date.now() - 2000).toISOString(), whatsappId: w.id, contactListId: list.id });
    const b = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date(Date.now() - 1000).toISOString(), whatsappId: w.id, contactListId: other.id });
    // The refusal comes after the send returned; the runner waits its gap (5 s) meanwhile, long
    // enough for the refusal to be handled whole: the row failed, and the campaign paused.
    clock.holdWith(async () => {
      await waitFor(async () => (await shipping(s, a.id))[0]?.status === "failed", 5000, "the refusal");
      await waitFor(async () => !!(await campaignRow(s, a.id)).pauseReason, 5000, "the pause");
    });
    await wakeCampaigns(s.deps.timers, 1);
    const paused = await pausedWith(s, a.id, "ERR_CAMPAIGN_ACCOUNT_RESTRICTED");
    await s.campaigns.idle(1);
    clock.holdWith(null);

    const until = Date.parse(paused.pausedUntil!);
    assert.ok(Math.abs(until - (now().getTime() + RESTRICTED_UNKNOWN_MS)) < 10_000, "WhatsApp gave no end: 24 h");
    assert.equal((await campaignRow(s, b.id)).pauseReason, "ERR_CAMPAIGN_ACCOUNT_RESTRICTED", "the connection's other campaign waits too");
    assert.deepEqual((await shipping(s, a.id)).map((r) => [r.number, r.status, r.error]), [[refused, "failed", "ERR_WAPP_REFUSED_463"]]);
    assert.deepEqual((await outbox(s)).map((m) => m.number), [refused], "nothing after the refusal");
    const [m] = await s.deps.registry.with(1, (t) => t.db.select().from(messages).where(and(eq(messages.fromMe, true), eq(messages.remoteJid, `${refused}@s.whatsapp.net`))));
    assert.deepEqual([m.failed, m.failedCode], [true, "463"], "the desk's message says why it was not sent");

    // WhatsApp tells the time-lock's end: the pause ends then, not in 24 h.
    const ends = new Date(now().getTime() + 2 * HOUR);
    const lock = await s.call(`/sandbox/${w.id}/restriction`, { token, body: { active: true, until: ends.toISOString() } });
    assert.equal(lock.status, 204);
    await waitFor(async () => (await campaignRow(s, b.id)).pausedUntil === ends.toISOString(), 3000, "the lock's end");
    assert.equal((await campaignRow(s, a.id)).pausedUntil, ends.toISOString());

    // The lock lifted: both go on; the refused contact is not sent again.
    assert.equal((await s.call(`/sandbox/${w.id}/restriction`, { token, body: { active: false } })).status, 204);
    await runUntil(s, a.id, "FINALIZADA");
    await runUntil(s, b.id, "FINALIZADA");
    assert.deepEqual((await outbox(s)).map((m) => m.number).sort(), ["5511955551201", "5511955551202", "5511955551301", refused]);
    assert.deepEqual((await shipping(s, a.id)).map((r) => r.status), ["failed", "sent", "sent"]);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: a refusal with another code (479) fails that row with its code and the campaign goes on", async () => {
  const { s, w } = await boot();
  try {
    const { list } = await makeList(s, [{ name: "Velha", number: "9994790000001" }, { name: "Ana", number: "5511955551401" }]);
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await runUntil(s, c.id, "FINALIZADA");
    await waitFor(async () => (await shipping(s, c.id))[0].status === "failed", 4000, "the refusal");
    assert.deepEqual((await shipping(s, c.id)).map((r) => [r.status, r.error]), [["failed", "ERR_WAPP_REFUSED_479"], ["sent", null]]);
    assert.equal((await campaignRow(s, c.id)).pauseReason, null);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: the rate-limit back-off is the connection's: two limits through two runners wait 1 then 2 minutes, and good sends start it over", async () => {
  const { s, w, now, due, advance } = await boot();
  try {
    const { list } = await makeList(s, [1, 2, 3].map((n) => ({ name: `R${n}`, number: `551195555150${n}` })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    const session = s.deps.sessions.session(1, w.id) as SandboxSession;
    session.rateLimit(1);
    await wakeCampaigns(s.deps.timers, 1);
    const first = await pausedWith(s, c.id, "ERR_CAMPAIGN_RATE_LIMITED");
    await s.campaigns.idle(1);
    const firstWait = Date.parse(first.pausedUntil!) - now().getTime();
    assert.ok(firstWait > rateLimitBackoffMs(1) - 5000 && firstWait <= rateLimitBackoffMs(1), `1 minute (${firstWait} ms)`);

    // The pause ends; a new runner meets the limit again.
    session.rateLimit(1);
    advance(rateLimitBackoffMs(1) + 1000);
    await due();
    const second = await waitFor(async () => {
      const r = await campaignRow(s, c.id);
      return r.pauseReason && r.pausedUntil !== first.pausedUntil ? r : null;
    }, 5000, "the second pause");
    await s.campaigns.idle(1);
    const secondWait = Date.parse(second.pausedUntil!) - now().getTime();
    assert.ok(secondWait > rateLimitBackoffMs(2) - 5000 && secondWait <= rateLimitBackoffMs(2), `2 minutes (${secondWait} ms)`);

    advance(rateLimitBackoffMs(2) + 1000);
    await due();
    await runUntil(s, c.id, "FINALIZADA");
    const [state] = await s.deps.registry.with(1, (t) => t.db.select().from(campaignConnections).where(eq(campaignConnections.whatsappId, w.id)));
    assert.deepEqual([state.rateLimitStep, state.sendsSinceLimit], [2, 3], "kept in the database with the good sends since");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: outside the send window a campaign waits (ERR_CAMPAIGN_OUTSIDE_WINDOW) until it opens in the company's time zone, then sends", async () => {
  const { s, w, now, due, advance } = await boot();
  try {
    // A one-hour window opening two hours from now (UTC, the company's zone here).
    const p = localParts(new Date(now().getTime() + 2 * HOUR), "UTC");
    const q = localParts(new Date(now().getTime() + 3 * HOUR), "UTC");
    await setSettings(s, { windowStart: `${p.h}:${p.mi}`, windowEnd: `${q.h}:${q.mi}` });
    const { list } = await makeList(s, [{ name: "J", number: "5511955551601" }]);
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await wakeCampaigns(s.deps.timers, 1);
    const paused = await pausedWith(s, c.id, "ERR_CAMPAIGN_OUTSIDE_WINDOW");
    await s.campaigns.idle(1);
    const opens = Date.parse(paused.pausedUntil!);
    const expected = now().getTime() + 2 * HOUR;
    assert.ok(opens <= expected && opens > expected - 60_000, "until the window's start");
    assert.deepEqual(await outbox(s), [], "nothing sent, nothing checked");

    advance(2 * HOUR);
    await due();
    await runUntil(s, c.id, "FINALIZADA");
    assert.equal((await outbox(s)).length, 1);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: a new number's daily cap starts low (ERR_CAMPAIGN_DAILY_CAP until the company's midnight) and grows the next day", async () => {
  const { s, w, now, due, advance } = await boot();
  try {
    await setSettings(s, { dailyCap: 200, dailyCapStart: 2, dailyCapRampDays: 14 });
    const { list } = await makeList(s, [1, 2, 3, 4].map((n) => ({ name: `D${n}`, number: `551195555170${n}` })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await wakeCampaigns(s.deps.timers, 1);
    const paused = await pausedWith(s, c.id, "ERR_CAMPAIGN_DAILY_CAP");
    await s.campaigns.idle(1);
    assert.equal((await outbox(s)).length, 2, "a number linked today: 2");
    const midnight = new Date(now().getTime() + 86_400_000).toISOString().slice(0, 10) + "T00:00:00.000Z";
    assert.equal(paused.pausedUntil, midnight);

    advance(Date.parse(midnight) - now().getTime() + 1000);
    await due();
    await runUntil(s, c.id, "FINALIZADA");
    assert.equal((await outbox(s)).length, 4, "the next day's cap (16) lets the rest go");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: with typing on, the contact sees 'typing…' for a time that grows with the text before each text", async () => {
  const { s, w, clock } = await boot();
  try {
    await setSettings(s, { typing: true });
    const heard = listen(s, 1, [sandboxChannel(1, w.id)]);
    const { list } = await makeList(s, [{ name: "Ana", number: "5511955551801" }]);
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await runUntil(s, c.id, "FINALIZADA");
    heard.stop();
    const phone = heard.events.map((e) => e.data).filter((d) => d.number === "5511955551801" || d.record?.number === "5511955551801");
    assert.deepEqual(phone.slice(0, 3).map((d) => d.state ?? d.action), ["composing", "paused", "outbound"]);
    assert.deepEqual(clock.waits, [1_000 + 40 * "Olá Ana".length], "typed for the text's length");
  } finally {
    await s.stop();
  }
});
