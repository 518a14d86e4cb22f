// The campaign dispatcher end to end on the sandbox phone: start at scheduledAt, filled
// variants, the pace, invalid numbers, the claim and its unknown outcome, cancel and
// restart, pauses, acks, and the tickets the sends leave behind.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { ADMIN, listen, PNG, sandboxConnection, startTestServer, type TestServer, waitFor } from "../../testing.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { dueTimers } from "../../../db/control/schema.ts";
import { campaignShipping, contactListItems, contactLists } from "../../../db/tenant/campaigns.ts";
import { contacts, messages, tags, tickets, ticketTags } from "../../../db/tenant/schema.ts";
import { fileListOptions, fileLists } from "../../../db/tenant/files.ts";
import { deliveredUpdate, nextItemSelect } from "./shipping.ts";
import { CAMPAIGNS_KIND, wakeCampaigns } from "./wake.ts";
import { campaignRow, endPause, makeCampaign, makeList, outbox, runUntil, runUntilPaused, setCampaign, setSettings, shipping, testClock, UNGUARDED, untilStatus } from "./fixtures/campaign.ts";
import { HEARTBEAT_MS } from "./dispatcher.ts";
import { rateLimitBackoffMs } from "./runner.ts";
import { SandboxSession } from "../../channels/sandbox/provider.ts";

const noPace = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...UNGUARDED };

async function boot(randoms?: number[]) {
  const clock = testClock(randoms);
  const s = await startTestServer({ campaignClock: clock.clock });
  const { token } = await s.login(ADMIN.email, ADMIN.password);
  const w = await sandboxConnection(s, token);
  await setSettings(s, UNGUARDED);
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
    assert.equal(rows[1].message, "Oi Carla, cupom PROMO10", "the row keeps the message as sent");
    assert.ok(rows.every((r) => r.sentAt && r.messageId && r.ticketId), "sent rows carry the message and ticket");
    const checked = await s.deps.registry.with(1, (t) => t.db.select().from(contactListItems).where(eq(contactListItems.contactListId, list.id)).orderBy(contactListItems.id));
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

/** A held wait: the test acts while the runner waits its gap, then lets it go on. */
function holdAt(clock: ReturnType<typeof testClock>, nth: number, act: () => Promise<unknown>) {
  let seen = 0;
  clock.holdWith(async () => {
    if (++seen === nth) await act();
  });
}

Deno.test("campaigns: a cancel during a run stops it before the next claim; a restart goes on from the cursor and reaches nobody twice", async () => {
  const { s, w, clock } = await boot([0.5]);
  try {
    await setSettings(s, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const numbers = [1, 2, 3, 4, 5].map((n) => `551195555020${n}`);
    const { list } = await makeList(s, numbers.map((number, i) => ({ name: `C${i}`, number })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    // While the runner waits before its third send, the campaign is canceled.
    holdAt(clock, 2, () => setCampaign(s, c.id, { status: "CANCELADA" }));
    await wakeCampaigns(s.deps.timers, 1);
    await waitFor(() => clock.waits.length >= 2, 4000, "the second wait");
    await s.campaigns.idle(1);
    assert.equal((await campaignRow(s, c.id)).status, "CANCELADA");
    assert.deepEqual((await outbox(s)).map((m) => m.number), numbers.slice(0, 2), "nothing after the cancel");
    assert.equal((await shipping(s, c.id)).length, 2, "no claim after the cancel");

    clock.holdWith(null);
    await setCampaign(s, c.id, { status: "EM_ANDAMENTO" });
    await runUntil(s, c.id, "FINALIZADA");
    assert.deepEqual((await outbox(s)).map((m) => m.number), numbers, "each number once, in list order");
    assert.deepEqual((await shipping(s, c.id)).map((r) => r.status), ["sent", "sent", "sent", "sent", "sent"]);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: a claim left 'sending' by a stopped process is settled unknown after the restart and never sent again; the rest go on", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-campaign-stale-" });
  try {
    let s = await startTestServer({ dataDir });
    const w = await sandboxConnection(s, (await s.login(ADMIN.email, ADMIN.password)).token);
    await setSettings(s, noPace);
    const { list, items } = await makeList(s, [1, 2, 3].map((n) => ({ name: `S${n}`, number: `551195555030${n}` })));
    // What a process stopped mid-send leaves: the first item claimed, the cursor past it.
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id, cursor: items[0].id });
    await s.deps.registry.with(1, (t) =>
      t.db.insert(campaignShipping).values({ campaignId: c.id, contactListItemId: items[0].id, number: items[0].number, message: "Olá S1", status: "sending" }));
    await s.stop();

    s = await startTestServer({ dataDir });
    try {
      await runUntil(s, c.id, "FINALIZADA");
      assert.deepEqual((await shipping(s, c.id)).map((r) => r.status), ["unknown", "sent", "sent"]);
      assert.deepEqual((await outbox(s)).map((m) => m.number), ["5511955550302", "5511955550303"], "the unknown one is not sent again");
    } finally {
      await s.stop();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("campaigns: a send leaves a ticket it opened or reopened closed, a ticket a person has as it is, and the customer's reply reopens it pending", async () => {
  const { s, token, w } = await boot();
  try {
    await setSettings(s, noPace);
    const numbers = ["5511955550401", "5511955550402", "5511955550403"];
    const { list } = await makeList(s, numbers.map((number, i) => ({ name: `T${i}`, number })));
    const before = await s.deps.registry.with(1, async (t) => {
      const [handled, closed] = await t.db.insert(contacts).values([
        { name: "T0", number: numbers[0] },
        { name: "T1", number: numbers[1] },
      ]).returning();
      const [open] = await t.db.insert(tickets).values({ uuid: crypto.randomUUID(), status: "open", contactId: handled.id, whatsappId: w.id, userId: 1 }).returning();
      const [old] = await t.db.insert(tickets).values({
        uuid: crypto.randomUUID(),
        status: "closed",
        contactId: closed.id,
        whatsappId: w.id,
        closedAt: new Date(Date.now() - 60_000).toISOString(),
      }).returning();
      return { open, old };
    });
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await runUntil(s, c.id, "FINALIZADA");
    const rows = await shipping(s, c.id);
    const status = async (id: number) => (await s.deps.registry.with(1, (t) => t.db.select().from(tickets).where(eq(tickets.id, id))))[0].status;
    assert.equal(rows[0].ticketId, before.open.id);
    assert.equal(await status(before.open.id), "open", "the attendant's ticket stays open");
    assert.equal(rows[1].ticketId, before.old.id, "the recently closed ticket carried the send");
    assert.equal(await status(before.old.id), "closed", "and is closed again");
    assert.equal(await status(rows[2].ticketId!), "closed", "a ticket opened for the send waits closed");

    const reply = await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: numbers[2], body: "Quero saber mais" } });
    assert.equal(reply.status, 201);
    assert.equal(await status(rows[2].ticketId!), "pending", "the customer's reply reopens it for the desk");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: a connection that drops pauses the campaign (ERR_WAPP_NOT_INITIALIZED, the claim undone) and its return resumes it", async () => {
  const { s, token, w, clock } = await boot([0.5]);
  try {
    await setSettings(s, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const numbers = [1, 2, 3].map((n) => `551195555050${n}`);
    const { list, items } = await makeList(s, numbers.map((number, i) => ({ name: `D${i}`, number })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    holdAt(clock, 1, async () => {
      assert.equal((await s.call(`/whatsappsession/${w.id}`, { token, method: "DELETE" })).status, 200);
    });
    const paused = await runUntilPaused(s, c.id);
    assert.equal(paused.pauseReason, "ERR_WAPP_NOT_INITIALIZED");
    assert.equal(paused.status, "EM_ANDAMENTO");
    assert.equal(paused.cursor, items[0].id, "the refused claim was undone");
    assert.equal((await shipping(s, c.id)).length, 1);

    clock.holdWith(null);
    assert.equal((await s.call(`/whatsappsession/${w.id}`, { token, method: "POST" })).status, 200);
    const done = await untilStatus(s, c.id, "FINALIZADA", 10_000);
    assert.equal(done.pauseReason, null);
    assert.deepEqual((await outbox(s)).map((m) => m.number), numbers, "each number once");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: WhatsApp's rate limit pauses the campaign (ERR_CAMPAIGN_RATE_LIMITED) until pausedUntil, then it resumes with nobody reached twice", async () => {
  const { s, w } = await boot();
  try {
    await setSettings(s, noPace);
    const numbers = [1, 2, 3].map((n) => `551195555060${n}`);
    const { list } = await makeList(s, numbers.map((number, i) => ({ name: `R${i}`, number })));
    const session = s.deps.sessions.session(1, w.id);
    assert.ok(session instanceof SandboxSession);
    session.rateLimit(1);
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    const at = Date.now();
    const paused = await runUntilPaused(s, c.id);
    assert.equal(paused.pauseReason, "ERR_CAMPAIGN_RATE_LIMITED");
    const wait = Date.parse(paused.pausedUntil!) - at;
    assert.ok(wait >= rateLimitBackoffMs(1) && wait < rateLimitBackoffMs(1) + 5000, `paused for the backoff (${wait} ms)`);
    assert.equal(rateLimitBackoffMs(2), 2 * rateLimitBackoffMs(1), "a second limit in a row waits twice as long");
    assert.equal(paused.cursor, 0);
    assert.deepEqual(await shipping(s, c.id), [], "the refused claim was undone");
    assert.deepEqual(await outbox(s), []);
    await waitFor(async () => (await timerRow(s))?.nextAt === paused.pausedUntil, 3000, "the job wakes at the pause's end");

    // The pause's end, as the timers would reach it.
    await endPause(s, paused);
    const done = await untilStatus(s, c.id, "FINALIZADA", 10_000);
    assert.equal(done.pauseReason, null);
    assert.deepEqual((await outbox(s)).map((m) => m.number), numbers);
    assert.deepEqual((await shipping(s, c.id)).map((r) => r.status), ["sent", "sent", "sent"]);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: a running campaign whose connection was deleted waits with ERR_CAMPAIGN_NO_CONNECTION and a heartbeat", async () => {
  const { s } = await boot();
  try {
    const { list } = await makeList(s, [{ name: "N", number: "5511955550701" }]);
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: null, contactListId: list.id });
    const now = new Date();
    await s.deps.timers.runNow(1, CAMPAIGNS_KIND, now);
    assert.equal((await campaignRow(s, c.id)).pauseReason, "ERR_CAMPAIGN_NO_CONNECTION");
    assert.equal((await timerRow(s)).nextAt, new Date(now.getTime() + HEARTBEAT_MS).toISOString(), "looked at again within the heartbeat");
    assert.deepEqual(await outbox(s), []);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: a tag's campaign gets a list of the tag's contacts when it starts and reaches them", async () => {
  const { s, w } = await boot();
  try {
    await setSettings(s, noPace);
    const tagId = await s.deps.registry.with(1, async (t) => {
      const [tag] = await t.db.insert(tags).values({ name: "VIP" }).returning();
      const people = await t.db.insert(contacts).values([
        { name: "Vera", number: "5511955550801" },
        { name: "Vitor", number: "5511955550802" },
        { name: "Grupo", number: "120363025246125486", isGroup: true },
        { name: "Sem tag", number: "5511955550803" },
      ]).returning();
      for (const p of people) {
        const [tk] = await t.db.insert(tickets).values({ uuid: crypto.randomUUID(), status: "closed", contactId: p.id, whatsappId: w.id, isGroup: p.isGroup }).returning();
        if (p.name !== "Sem tag") await t.db.insert(ticketTags).values({ ticketId: tk.id, tagId: tag.id });
      }
      return tag.id;
    });
    const c = await makeCampaign(s, { status: "PROGRAMADA", scheduledAt: new Date(Date.now() - 1000).toISOString(), whatsappId: w.id, tagId });
    const done = await runUntil(s, c.id, "FINALIZADA");
    assert.ok(done.contactListId, "a list was made");
    const [list] = await s.deps.registry.with(1, (t) => t.db.select().from(contactLists).where(eq(contactLists.id, done.contactListId!)));
    assert.match(list.name, /^Promo \| TAG: VIP - \d{4}-/);
    assert.deepEqual((await outbox(s)).map((m) => m.number), ["5511955550801", "5511955550802"]);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: the dispatcher's walk and the ack's update read by index (built for 100,000 a list)", async () => {
  const s = await startTestServer();
  try {
    const plans = await s.deps.registry.with(1, async (t) => {
      const explain = async (q: { sql: string; params: unknown[] }) =>
        (await t.client.execute({ sql: `EXPLAIN QUERY PLAN ${q.sql}`, args: q.params.map((p) => typeof p === "object" ? 1 : p) as (string | number)[] }))
          .rows.map((r) => String(r.detail)).join("\n");
      return {
        walk: await explain(nextItemSelect(t.db).toSQL()),
        delivered: await explain(deliveredUpdate(t.db).toSQL()),
      };
    });
    assert.match(plans.walk, /SEARCH contact_list_items USING INDEX contact_list_items_list_id_idx \(contact_list_id=\? AND id>\?\)/);
    assert.doesNotMatch(plans.walk, /TEMP B-TREE/);
    assert.match(plans.delivered, /SEARCH campaign_shipping USING INDEX campaign_shipping_message_idx \(message_id=\?\)/);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: the campaign is published when it starts and ends, and at most once a second while it sends", async () => {
  const { s, w } = await boot();
  try {
    await setSettings(s, noPace);
    const { list } = await makeList(s, Array.from({ length: 40 }, (_, i) => ({ name: `L${i}`, number: `55119555509${String(i).padStart(2, "0")}` })));
    const heard = listen(s, 1);
    const started = Date.now();
    const c = await makeCampaign(s, { status: "PROGRAMADA", scheduledAt: new Date(Date.now() - 1000).toISOString(), whatsappId: w.id, contactListId: list.id });
    await runUntil(s, c.id, "FINALIZADA");
    const seconds = (Date.now() - started) / 1000;
    const updates = heard.events.filter((e) => e.event === companyEvent(1, "campaign")).map((e) => e.data.record);
    heard.stop();
    assert.equal(updates[0].status, "EM_ANDAMENTO", "the start is told");
    const last = updates[updates.length - 1];
    assert.equal(last.status, "FINALIZADA", "the end is told");
    assert.equal(last.progress.sent, 40);
    assert.equal(last.progress.percent, 100);
    // Start, end, and one progress update per second at most (not one per send).
    assert.ok(updates.length <= 2 + Math.ceil(seconds), `${updates.length} updates in ${seconds.toFixed(1)} s`);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: the campaign's image goes with the text as its caption, followed by its file list's files, stored once for all the sends", async () => {
  const { s, w } = await boot();
  try {
    await setSettings(s, noPace);
    const image = await s.deps.media.save(1, { data: PNG, mimetype: "image/png", fileName: "promo.png" });
    const pdf = await s.deps.media.save(1, { data: new TextEncoder().encode("%PDF-1.4 catalogo"), mimetype: "application/pdf", fileName: "catalogo.pdf" });
    const fileListId = await s.deps.registry.with(1, async (t) => {
      const [fl] = await t.db.insert(fileLists).values({ name: "Catálogos" }).returning();
      await t.db.insert(fileListOptions).values({ fileListId: fl.id, name: "catalogo.pdf", path: pdf.url, mediaType: "application/pdf" });
      return fl.id;
    });
    const { list } = await makeList(s, [
      { name: "Mia", number: "5511955551001" },
      { name: "Noa", number: "5511955551002" },
      { name: "Olga", number: "5511955551003" },
    ]);
    const c = await makeCampaign(s, {
      status: "EM_ANDAMENTO",
      startedAt: new Date().toISOString(),
      whatsappId: w.id,
      contactListId: list.id,
      mediaPath: image.url,
      mediaName: "promo.png",
      fileListId,
    });
    await runUntil(s, c.id, "FINALIZADA");
    const got = await outbox(s);
    assert.deepEqual(got.filter((m) => m.number === "5511955551001").map((m) => [m.kind, m.mediaName, m.body]), [
      ["media", "promo.png", "Olá Mia"],
      ["media", "catalogo.pdf", ""],
    ]);
    assert.deepEqual((await shipping(s, c.id)).map((r) => r.status), ["sent", "sent", "sent"]);
    // The conversations keep one copy of each file (the campaign's own may go), not one per send.
    const stored = await s.deps.registry.with(1, (t) => t.db.select({ url: messages.mediaUrl, name: messages.mediaName }).from(messages));
    const urls = Map.groupBy(stored.filter((m) => m.url), (m) => m.name);
    assert.deepEqual([...urls.keys()].sort(), ["catalogo.pdf", "promo.png"]);
    for (const [name, rows] of urls) {
      assert.equal(rows.length, 3, `${name} in each of the 3 conversations`);
      assert.equal(new Set(rows.map((r) => r.url)).size, 1, `${name}: one stored copy`);
      assert.notEqual(rows[0].url, name === "promo.png" ? image.url : pdf.url, "a copy of its own");
    }
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: a run without gaps leaves the server answering requests while it sends", async () => {
  const { s, w } = await boot();
  try {
    await setSettings(s, noPace);
    const { list } = await makeList(s, Array.from({ length: 300 }, (_, i) => ({ name: `H${i}`, number: `5511966${String(i).padStart(6, "0")}` })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await wakeCampaigns(s.deps.timers, 1);
    await waitFor(async () => (await shipping(s, c.id)).length > 0, 4000, "the first send");
    assert.equal((await s.call("/health")).status, 200);
    // Answered while the campaign still sends, not after it.
    const during = await campaignRow(s, c.id);
    assert.equal(during.status, "EM_ANDAMENTO");
    assert.ok((await shipping(s, c.id)).length < 300);
    await runUntil(s, c.id, "FINALIZADA", 30_000);
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: shutting the server down stops its runners mid-wait, before the databases close", async () => {
  // Real waits (19 s gaps), only the random pick fixed.
  const s = await startTestServer({ campaignClock: { random: () => 0.99 } });
  let stopped = false;
  try {
    const w = await sandboxConnection(s, (await s.login(ADMIN.email, ADMIN.password)).token);
    await setSettings(s, { messageInterval: 20, longerIntervalAfter: 0, greaterInterval: 0, ...UNGUARDED });
    const { list } = await makeList(s, [1, 2].map((n) => ({ name: `Z${n}`, number: `551195555110${n}` })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await wakeCampaigns(s.deps.timers, 1);
    await waitFor(async () => (await shipping(s, c.id)).some((r) => r.status === "sent"), 4000, "the first send");
    const started = Date.now();
    await s.stop();
    stopped = true;
    assert.ok(Date.now() - started < 5000, "the 19 s wait did not hold the shutdown");
    const left = await Promise.race([s.campaigns.idle(1).then(() => "none"), new Promise((r) => setTimeout(() => r("running"), 1000))]);
    assert.equal(left, "none", "no runner outlives the server");
  } finally {
    if (!stopped) await s.stop();
  }
});

Deno.test("campaigns: a long run asks V8 for a full collection every so many sends, so its garbage does not pile up", async () => {
  const g = globalThis as { gc?: () => void };
  const exposed = g.gc;
  let collections = 0;
  g.gc = () => collections++;
  const s = await startTestServer({ campaignSendsPerCollection: 5 });
  try {
    const w = await sandboxConnection(s, (await s.login(ADMIN.email, ADMIN.password)).token);
    await setSettings(s, noPace);
    const { list } = await makeList(s, Array.from({ length: 12 }, (_, i) => ({ name: `G${i}`, number: `5511977${String(i).padStart(6, "0")}` })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    await wakeCampaigns(s.deps.timers, 1);
    await runUntil(s, c.id, "FINALIZADA");
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(collections, 2, "12 sends, one collection after the 5th and one after the 10th");
  } finally {
    await s.stop();
    g.gc = exposed;
  }
});
