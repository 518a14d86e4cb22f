import assert from "node:assert/strict";
import { join } from "node:path";
import { and, count, eq } from "drizzle-orm";
import { ADMIN, listen, newCompany, PNG, sandboxConnection, startTestServer, type TestServer } from "../../testing.ts";
import { dueTimers } from "../../../db/control/schema.ts";
import { campaigns, campaignShipping, contactListItems } from "../../../db/tenant/campaigns.ts";
import { CAMPAIGNS_KIND } from "./wake.ts";
import { campaignPageSelect, shippingPageSelect } from "./service.ts";

const HOUR = 60 * 60_000;
const NONE = [null, "", 0, "Nenhuma"];

/**
 * A server whose program clock the test sets, with the due timers stopped: the dispatcher
 * never runs, so the statuses read are the ones the API set, and each wake stays in the
 * control table for the test to see.
 */
async function setup() {
  let now = Date.parse("2026-11-24T12:00:00.000Z");
  const s = await startTestServer({ clock: () => new Date(now) });
  await s.deps.timers.stop();
  const { token } = await s.login(ADMIN.email, ADMIN.password);
  const w = await sandboxConnection(s, token);
  const list = (await s.call("/contact-lists", { token, body: { name: "Clientes" } })).body;
  const tag = (await s.call("/tags", { token, body: { name: "Promo" } })).body;
  const files = (await s.call("/files", { token, body: { name: "Catálogo", message: "Veja" } })).body;
  const body = (extra: Record<string, unknown> = {}) => ({
    name: "Black Friday",
    message1: "Oi {nome}!",
    whatsappId: w.id,
    contactListId: list.id,
    ...extra,
  });
  return {
    s,
    token,
    w,
    list,
    tag,
    files,
    body,
    at: (offsetMs: number) => new Date(now + offsetMs).toISOString(),
    setNow: (ms: number) => (now = ms),
    get now() {
      return now;
    },
  };
}

/** The campaigns' wake armed for company 1 since the last look (read and cleared), or null. */
async function woken(s: TestServer) {
  const where = and(eq(dueTimers.companyId, 1), eq(dueTimers.kind, CAMPAIGNS_KIND));
  const [row] = await s.deps.control.db.select().from(dueTimers).where(where);
  await s.deps.control.db.delete(dueTimers).where(where);
  return row?.nextAt ?? null;
}

const setStatus = (s: TestServer, id: number, status: string) =>
  s.deps.registry.with(1, (t) => t.db.update(campaigns).set({ status }).where(eq(campaigns.id, id)));

Deno.test("campaigns: create, list, get, edit and delete, with the live events and a wake after each change", async () => {
  const x = await setup();
  const { s, token } = x;
  try {
    const live = listen(s, 1);
    const made = await s.call("/campaigns", { token, body: x.body() });
    assert.equal(made.status, 201);
    assert.deepEqual(
      [made.body.name, made.body.status, made.body.whatsapp, made.body.contactList, made.body.message2],
      ["Black Friday", "INATIVA", { id: x.w.id, name: x.w.name }, { id: x.list.id, name: "Clientes" }, ""],
    );
    assert.deepEqual(made.body.progress, { valid: 0, sent: 0, delivered: 0, failed: 0, unknown: 0, percent: 0 });
    assert.equal(await woken(s), new Date(x.now).toISOString(), "the dispatcher is woken at the program's now");

    const scheduled = await s.call("/campaigns/", { token, body: x.body({ name: "Natal", scheduledAt: x.at(3 * HOUR) }) });
    assert.deepEqual([scheduled.status, scheduled.body.status, scheduled.body.scheduledAt], [201, "PROGRAMADA", x.at(3 * HOUR)]);
    await woken(s);

    for (let i = 0; i < 21; i++) await s.call("/campaigns", { token, body: x.body({ name: `Lote ${String(i).padStart(2, "0")}` }) });
    const page1 = await s.call("/campaigns/?searchParam=&pageNumber=1", { token });
    assert.deepEqual([page1.body.records.length, page1.body.hasMore, page1.body.count], [20, true, 23]);
    assert.equal(page1.body.records[0].name, "Lote 20", "newest first");
    assert.equal(page1.body.records[0].contactList.name, "Clientes");
    const page2 = await s.call("/campaigns?pageNumber=2", { token });
    assert.deepEqual(page2.body.records.map((c: { name: string }) => c.name), ["Lote 00", "Natal", "Black Friday"]);
    assert.equal(page2.body.hasMore, false);
    const found = await s.call("/campaigns/?searchParam=nata", { token });
    assert.deepEqual([found.body.records.map((c: { name: string }) => c.name), found.body.count], [["Natal"], 1]);
    assert.deepEqual((await s.call("/campaigns?searchParam=%25", { token })).body.records, [], "LIKE wildcards are plain");

    const one = await s.call(`/campaigns/${made.body.id}`, { token });
    assert.equal(one.body.message1, "Oi {nome}!");
    assert.equal((await s.call("/campaigns/99999", { token })).body.error, "ERR_NO_CAMPAIGN_FOUND");

    // Scheduling an inactive campaign makes it PROGRAMADA; clearing the time, INATIVA again.
    const planned = await s.call(`/campaigns/${made.body.id}`, {
      token,
      method: "PUT",
      body: { ...one.body, name: "Black Friday 2", message3: "Oferta", scheduledAt: x.at(2 * HOUR) },
    });
    assert.deepEqual([planned.status, planned.body.name, planned.body.status, planned.body.message3], [200, "Black Friday 2", "PROGRAMADA", "Oferta"]);
    assert.ok(await woken(s));
    const unplanned = await s.call(`/campaigns/${made.body.id}`, { token, method: "PUT", body: { scheduledAt: "" } });
    assert.deepEqual([unplanned.body.status, unplanned.body.scheduledAt, unplanned.body.message3], ["INATIVA", null, "Oferta"]);

    assert.equal((await s.call(`/campaigns/${made.body.id}`, { token, method: "DELETE" })).status, 204);
    assert.equal((await s.call(`/campaigns/${made.body.id}`, { token })).status, 404);
    assert.equal((await s.call(`/campaigns/${made.body.id}`, { token, method: "DELETE" })).body.error, "ERR_NO_CAMPAIGN_FOUND");

    const events = live.events.filter((e) => e.event === "company-1-campaign");
    assert.ok(events.some((e) => e.data.action === "create" && e.data.record.id === made.body.id && e.data.record.progress));
    assert.ok(events.some((e) => e.data.action === "update" && e.data.record.name === "Black Friday 2"));
    assert.ok(events.some((e) => e.data.action === "delete" && e.data.id === made.body.id));
    live.stop();
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: the spec client's none values (null, \"\", 0, \"Nenhuma\"), tagListId, and what a campaign needs", async () => {
  const x = await setup();
  const { s, token } = x;
  try {
    for (const none of NONE) {
      const byTag = await s.call("/campaigns", {
        token,
        body: x.body({ contactListId: none, tagListId: x.tag.id, fileListId: none, scheduledAt: none === "" ? "" : null }),
      });
      assert.equal(byTag.status, 201, JSON.stringify(none));
      assert.deepEqual(
        [byTag.body.contactListId, byTag.body.tagId, byTag.body.fileListId, byTag.body.status],
        [null, x.tag.id, null, "INATIVA"],
        JSON.stringify(none),
      );
      const noAudience = await s.call("/campaigns", { token, body: x.body({ contactListId: none, tagListId: none, tagId: none }) });
      assert.deepEqual([noAudience.status, noAudience.body.error], [400, "ERR_CAMPAIGN_NO_AUDIENCE"], JSON.stringify(none));
      const noConnection = await s.call("/campaigns", { token, body: x.body({ whatsappId: none }) });
      assert.deepEqual([noConnection.status, noConnection.body.error], [400, "ERR_CAMPAIGN_NO_CONNECTION"], JSON.stringify(none));
    }
    const withFiles = await s.call("/campaigns", { token, body: x.body({ tagId: String(x.tag.id), fileListId: x.files.id }) });
    assert.deepEqual([withFiles.body.tagId, withFiles.body.fileListId], [x.tag.id, x.files.id]);
    const edited = await s.call(`/campaigns/${withFiles.body.id}`, {
      token,
      method: "PUT",
      body: { ...withFiles.body, tagListId: "Nenhuma", fileListId: "Nenhuma" },
    });
    assert.deepEqual([edited.body.tagId, edited.body.fileListId], [null, null], "tagListId (the edit) wins over tagId (the record)");

    assert.equal((await s.call("/campaigns", { token, body: x.body({ whatsappId: undefined }) })).body.error, "ERR_CAMPAIGN_NO_CONNECTION");
    for (const messages of [{ message1: "" }, { message1: "   ", message2: null, message5: "\n" }]) {
      const r = await s.call("/campaigns", { token, body: x.body(messages) });
      assert.deepEqual([r.status, r.body.error], [400, "ERR_CAMPAIGN_NO_MESSAGE"]);
    }
    assert.equal((await s.call("/campaigns", { token, body: x.body({ message1: "", message4: "Só a quarta" }) })).status, 201);
    assert.equal((await s.call("/campaigns", { token, body: x.body({ message1: "x".repeat(4097) }) })).body.field, "message1");
    for (const name of ["A", " B ", "x".repeat(51), undefined]) {
      assert.deepEqual(
        [(await s.call("/campaigns", { token, body: x.body({ name }) })).body.field],
        ["name"],
        String(name),
      );
    }
    assert.equal((await s.call("/campaigns", { token, body: x.body({ name: "Ab" }) })).status, 201);
    assert.equal((await s.call("/campaigns", { token, body: x.body({ name: "x".repeat(50) }) })).status, 201);
    assert.equal((await s.call("/campaigns", { token, body: x.body({ scheduledAt: "amanhã" }) })).body.field, "scheduledAt");
    // The dialog's datetime-local value has no zone: it is the company's wall clock (São Paulo by default).
    const times: [string, string][] = [
      ["2026-11-24T15:00", "2026-11-24T18:00:00.000Z"],
      ["2026-11-24T15:00:30", "2026-11-24T18:00:30.000Z"],
      ["2026-11-24T15:00:00+01:00", "2026-11-24T14:00:00.000Z"],
      ["2026-11-24T15:00:00.000Z", "2026-11-24T15:00:00.000Z"],
    ];
    for (const [sent, stored] of times) {
      const r = await s.call("/campaigns", { token, body: x.body({ scheduledAt: sent }) });
      assert.deepEqual([r.status, r.body.scheduledAt, r.body.status], [201, stored, "PROGRAMADA"], sent);
    }
    await s.call("/settings/timezone", { token, method: "PUT", body: { value: "Europe/Lisbon" } });
    assert.equal(
      (await s.call("/campaigns", { token, body: x.body({ scheduledAt: "2026-11-24T15:00" }) })).body.scheduledAt,
      "2026-11-24T15:00:00.000Z",
      "the company's zone, not the server's",
    );

    const missing: [Record<string, unknown>, string][] = [
      [{ whatsappId: 999 }, "ERR_NO_WAPP_FOUND"],
      [{ contactListId: 999 }, "ERR_NO_CONTACT_LIST_FOUND"],
      [{ contactListId: null, tagId: 999 }, "ERR_NO_TAG_FOUND"],
      [{ fileListId: 999 }, "ERR_NO_FILE_LIST_FOUND"],
    ];
    for (const [extra, error] of missing) {
      const r = await s.call("/campaigns", { token, body: x.body(extra) });
      assert.deepEqual([r.status, r.body.error], [404, error]);
    }
    // An edit is checked as the campaign it makes.
    const edit = await s.call(`/campaigns/${withFiles.body.id}`, { token, method: "PUT", body: { contactListId: null } });
    assert.equal(edit.body.error, "ERR_CAMPAIGN_NO_AUDIENCE");
    assert.equal((await s.call(`/campaigns/${withFiles.body.id}`, { token, method: "PUT", body: { name: "x" } })).body.field, "name");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: the edit rule follows the program clock; a canceled one is saved; a running one is not deleted", async () => {
  const x = await setup();
  const { s, token } = x;
  try {
    const far = (await s.call("/campaigns", { token, body: x.body({ scheduledAt: x.at(2 * HOUR) }) })).body;
    const soon = (await s.call("/campaigns", { token, body: x.body({ scheduledAt: x.at(30 * 60_000) }) })).body;
    assert.equal((await s.call(`/campaigns/${far.id}`, { token, method: "PUT", body: { name: "Dois horas" } })).status, 200);
    const locked = await s.call(`/campaigns/${soon.id}`, { token, method: "PUT", body: { name: "Meia hora" } });
    assert.deepEqual([locked.status, locked.body.error], [409, "ERR_CAMPAIGN_NOT_EDITABLE"]);
    assert.equal((await s.call(`/campaigns/${soon.id}`, { token })).body.name, "Black Friday", "unchanged");

    // Ninety minutes on, the two-hour one is within the hour too.
    x.setNow(x.now + 90 * 60_000);
    assert.equal((await s.call(`/campaigns/${far.id}`, { token, method: "PUT", body: { name: "Tarde" } })).body.error, "ERR_CAMPAIGN_NOT_EDITABLE");

    const canceled = await s.call(`/campaigns/${soon.id}/cancel`, { token, method: "POST" });
    assert.equal(canceled.body.status, "CANCELADA");
    const saved = await s.call(`/campaigns/${soon.id}`, {
      token,
      method: "PUT",
      body: { name: "Retomada", scheduledAt: x.at(5 * HOUR) },
    });
    assert.deepEqual([saved.status, saved.body.name, saved.body.status], [200, "Retomada", "CANCELADA"], "canceled stays canceled until restarted");

    for (const status of ["EM_ANDAMENTO", "FINALIZADA"]) {
      await setStatus(s, far.id, status);
      assert.equal((await s.call(`/campaigns/${far.id}`, { token, method: "PUT", body: { name: "Nunca" } })).body.error, "ERR_CAMPAIGN_NOT_EDITABLE");
    }
    await setStatus(s, far.id, "EM_ANDAMENTO");
    const refused = await s.call(`/campaigns/${far.id}`, { token, method: "DELETE" });
    assert.deepEqual([refused.status, refused.body.error], [409, "ERR_CAMPAIGN_RUNNING"]);
    assert.equal((await s.call(`/campaigns/${far.id}`, { token })).status, 200);
    await setStatus(s, far.id, "FINALIZADA");
    assert.equal((await s.call(`/campaigns/${far.id}`, { token, method: "DELETE" })).status, 204, "a finished one may go");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: cancel and restart, each from the states it allows, going on from the cursor", async () => {
  const x = await setup();
  const { s, token } = x;
  try {
    const c = (await s.call("/campaigns", { token, body: x.body() })).body;
    await woken(s);
    const notRunning = await s.call(`/campaigns/${c.id}/cancel`, { token, method: "POST" });
    assert.deepEqual([notRunning.status, notRunning.body.error], [409, "ERR_CAMPAIGN_CANNOT_CANCEL"]);

    await s.deps.registry.with(1, (t) =>
      t.db.update(campaigns).set({ cursor: 7, pauseReason: "ERR_WAPP_NOT_INITIALIZED", pausedUntil: x.at(HOUR) })
        .where(eq(campaigns.id, c.id)));
    const live = listen(s, 1);
    const started = await s.call(`/campaigns/${c.id}/restart`, { token, method: "POST" });
    assert.equal(started.status, 200);
    assert.deepEqual(
      [started.body.status, started.body.startedAt, started.body.pauseReason, started.body.pausedUntil, started.body.cursor],
      ["EM_ANDAMENTO", new Date(x.now).toISOString(), null, null, 7],
    );
    assert.ok(await woken(s), "restart wakes the dispatcher");
    assert.ok(live.events.some((e) => e.event === "company-1-campaign" && e.data.record?.status === "EM_ANDAMENTO"));
    const again = await s.call(`/campaigns/${c.id}/restart`, { token, method: "POST" });
    assert.deepEqual([again.status, again.body.error], [409, "ERR_CAMPAIGN_CANNOT_RESTART"]);

    const stopped = await s.call(`/campaigns/${c.id}/cancel`, { token, method: "POST" });
    assert.equal(stopped.body.status, "CANCELADA");
    assert.ok(await woken(s), "cancel wakes the dispatcher");
    assert.equal((await s.call(`/campaigns/${c.id}/cancel`, { token, method: "POST" })).body.error, "ERR_CAMPAIGN_CANNOT_CANCEL");

    x.setNow(x.now + HOUR);
    const resumed = await s.call(`/campaigns/${c.id}/restart`, { token, method: "POST" });
    assert.deepEqual([resumed.body.status, resumed.body.startedAt, resumed.body.cursor], ["EM_ANDAMENTO", started.body.startedAt, 7], "the first start is kept");

    const planned = (await s.call("/campaigns", { token, body: x.body({ scheduledAt: x.at(3 * HOUR) }) })).body;
    assert.equal((await s.call(`/campaigns/${planned.id}/restart`, { token, method: "POST" })).body.error, "ERR_CAMPAIGN_CANNOT_RESTART");
    assert.equal((await s.call(`/campaigns/${planned.id}/cancel`, { token, method: "POST" })).body.status, "CANCELADA");
    await setStatus(s, planned.id, "FINALIZADA");
    assert.equal((await s.call(`/campaigns/${planned.id}/cancel`, { token, method: "POST" })).body.error, "ERR_CAMPAIGN_CANNOT_CANCEL");
    assert.equal((await s.call(`/campaigns/${planned.id}/restart`, { token, method: "POST" })).body.error, "ERR_CAMPAIGN_CANNOT_RESTART");
    assert.equal((await s.call("/campaigns/99999/cancel", { token, method: "POST" })).body.error, "ERR_NO_CAMPAIGN_FOUND");

    // Its connection deleted meanwhile: nothing to send through.
    const orphan = (await s.call("/campaigns", { token, body: x.body() })).body;
    await s.deps.registry.with(1, (t) => t.db.update(campaigns).set({ whatsappId: null }).where(eq(campaigns.id, orphan.id)));
    const noConnection = await s.call(`/campaigns/${orphan.id}/restart`, { token, method: "POST" });
    assert.deepEqual([noConnection.status, noConnection.body.error], [400, "ERR_CAMPAIGN_NO_CONNECTION"]);
    // Its list deleted meanwhile, and no tag: nobody to send to.
    const listless = (await s.call("/campaigns", { token, body: x.body() })).body;
    await s.deps.registry.with(1, (t) => t.db.update(campaigns).set({ contactListId: null }).where(eq(campaigns.id, listless.id)));
    const noAudience = await s.call(`/campaigns/${listless.id}/restart`, { token, method: "POST" });
    assert.deepEqual([noAudience.status, noAudience.body.error], [400, "ERR_CAMPAIGN_NO_AUDIENCE"]);

    // Another list is another walk: the cursor starts over.
    const other = (await s.call("/contact-lists", { token, body: { name: "Outra" } })).body;
    const moved = await s.call(`/campaigns/${c.id}/cancel`, { token, method: "POST" }).then(() =>
      s.call(`/campaigns/${c.id}`, { token, method: "PUT", body: { contactListId: other.id } })
    );
    assert.deepEqual([moved.body.contactListId, moved.body.cursor], [other.id, 0]);
    live.stop();
  } finally {
    await s.stop();
  }
});

const upload = (name: string, data: BlobPart, type: string) => {
  const form = new FormData();
  form.append("file", new File([data], name, { type }));
  return form;
};
const onDisk = async (dataDir: string, url: string) =>
  await Deno.stat(join(dataDir, "media", url.replace(/^\/public\//, ""))).then(() => true, () => false);

Deno.test("campaigns: the attachment is checked by the media store, replaced, removed, and goes with the campaign", async () => {
  const x = await setup();
  const { s, token } = x;
  try {
    const c = (await s.call("/campaigns", { token, body: x.body() })).body;
    const bad = await s.call(`/campaigns/${c.id}/media-upload`, { token, form: upload("c.png", "not a png", "image/png") });
    assert.deepEqual([bad.status, bad.body.error], [415, "ERR_FILE_TYPE"]);
    const big = await s.call(`/campaigns/${c.id}/media-upload`, {
      token,
      form: upload("c.jpg", new Uint8Array(5 * 1024 * 1024 + 1), "image/jpeg"),
    });
    assert.deepEqual([big.status, big.body.error], [413, "ERR_FILE_TOO_LARGE"]);
    assert.equal((await s.call(`/campaigns/${c.id}/media-upload`, { token, form: new FormData() })).body.field, "file");

    const live = listen(s, 1);
    const image = await s.call(`/campaigns/${c.id}/media-upload`, { token, form: upload("oferta.png", PNG, "image/png") });
    assert.equal(image.status, 200);
    assert.equal(image.body.mediaName, "oferta.png");
    assert.match(image.body.mediaPath, /^\/public\/1\/[0-9a-f]{32}\.png$/);
    assert.ok(await onDisk(s.dataDir, image.body.mediaPath));
    assert.ok(live.events.some((e) => e.event === "company-1-campaign" && e.data.record?.mediaName === "oferta.png"));
    live.stop();

    const pdf = await s.call(`/campaigns/${c.id}/media-upload`, { token, form: upload("tabela.pdf", "%PDF-1.4 tabela", "application/pdf") });
    assert.deepEqual([pdf.status, pdf.body.mediaName], [200, "tabela.pdf"], "documents go too");
    assert.ok(!await onDisk(s.dataDir, image.body.mediaPath), "the replaced file is removed");
    const cleared = await s.call(`/campaigns/${c.id}/media-upload`, { token, method: "DELETE" });
    assert.deepEqual([cleared.body.mediaPath, cleared.body.mediaName], [null, null]);
    assert.ok(!await onDisk(s.dataDir, pdf.body.mediaPath));

    const again = (await s.call(`/campaigns/${c.id}/media-upload`, { token, form: upload("x.png", PNG, "image/png") })).body;
    await setStatus(s, c.id, "FINALIZADA");
    assert.equal(
      (await s.call(`/campaigns/${c.id}/media-upload`, { token, form: upload("y.png", PNG, "image/png") })).body.error,
      "ERR_CAMPAIGN_NOT_EDITABLE",
    );
    assert.equal((await s.call(`/campaigns/${c.id}/media-upload`, { token, method: "DELETE" })).body.error, "ERR_CAMPAIGN_NOT_EDITABLE");
    assert.ok(await onDisk(s.dataDir, again.mediaPath), "a refused change keeps the file");
    assert.equal((await s.call(`/campaigns/${c.id}`, { token, method: "DELETE" })).status, 204);
    assert.ok(!await onDisk(s.dataDir, again.mediaPath), "deleting the campaign removes its file");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: the report's shipping page, newest first, by status, read on indexes", async () => {
  const x = await setup();
  const { s, token } = x;
  try {
    const c = (await s.call("/campaigns", { token, body: x.body() })).body;
    const other = (await s.call("/campaigns", { token, body: x.body({ name: "Outra" }) })).body;
    const statuses = ["sent", "failed", "sending", "unknown"] as const;
    await s.deps.registry.with(1, async (t) => {
      const items = await t.db.insert(contactListItems).values(
        Array.from({ length: 25 }, (_, i) => ({ contactListId: x.list.id, name: `Pessoa ${i}`, number: `55119000000${String(i).padStart(2, "0")}`, isWhatsappValid: true })),
      ).returning({ id: contactListItems.id, number: contactListItems.number, name: contactListItems.name });
      await t.db.insert(campaignShipping).values(items.map((it, i) => ({
        campaignId: c.id,
        contactListItemId: it.id,
        number: it.number,
        name: it.name,
        message: `Oi ${it.name}!`,
        status: statuses[i % 4],
        error: statuses[i % 4] === "failed" ? "ERR_WAPP_NOT_INITIALIZED" : null,
        sentAt: statuses[i % 4] === "sent" ? x.at(i * 1000) : null,
        deliveredAt: i === 0 ? x.at(5000) : null,
      })));
      await t.db.insert(campaignShipping).values({ campaignId: other.id, contactListItemId: items[0].id, number: items[0].number, status: "sent" });
    });

    const first = await s.call(`/campaigns/${c.id}/shipping?pageNumber=1`, { token });
    assert.deepEqual([first.body.records.length, first.body.hasMore, first.body.count], [20, true, 25]);
    assert.deepEqual(
      [first.body.records[0].name, first.body.records[0].status, first.body.records[0].number, first.body.records[0].message],
      ["Pessoa 24", "sent", "5511900000024", "Oi Pessoa 24!"],
    );
    for (const key of ["claimedAt", "sentAt", "deliveredAt", "error"]) assert.ok(key in first.body.records[0], key);
    const second = await s.call(`/campaigns/${c.id}/shipping/?pageNumber=2`, { token });
    assert.deepEqual(second.body.records.map((r: { name: string }) => r.name), ["Pessoa 4", "Pessoa 3", "Pessoa 2", "Pessoa 1", "Pessoa 0"]);
    assert.equal(second.body.records.at(-1).deliveredAt, x.at(5000));
    const failed = await s.call(`/campaigns/${c.id}/shipping?status=failed`, { token });
    assert.deepEqual([failed.body.count, failed.body.records.map((r: { name: string }) => r.name)], [6, [
      "Pessoa 21",
      "Pessoa 17",
      "Pessoa 13",
      "Pessoa 9",
      "Pessoa 5",
      "Pessoa 1",
    ]]);
    assert.equal(failed.body.records[0].error, "ERR_WAPP_NOT_INITIALIZED");
    assert.equal((await s.call(`/campaigns/${c.id}/shipping?status=`, { token })).body.count, 25, "an empty filter is none");
    assert.equal((await s.call(`/campaigns/${c.id}/shipping?status=lido`, { token })).body.field, "status");
    assert.equal((await s.call("/campaigns/99999/shipping", { token })).body.error, "ERR_NO_CAMPAIGN_FOUND");
    assert.deepEqual((await s.call(`/campaigns/${c.id}`, { token })).body.progress, {
      valid: 25,
      sent: 7,
      delivered: 1,
      failed: 6,
      unknown: 6,
      percent: 76,
    });

    const plans = await s.deps.registry.with(1, async (t) => {
      const explain = async (q: { sql: string; params: unknown[] }) =>
        (await t.client.execute({ sql: `EXPLAIN QUERY PLAN ${q.sql}`, args: q.params as (string | number)[] })).rows
          .map((r) => String(r.detail)).join("\n");
      return {
        all: await explain(shippingPageSelect(t, c.id).limit(21).offset(20).toSQL()),
        byStatus: await explain(shippingPageSelect(t, c.id, "failed").limit(21).offset(0).toSQL()),
        campaigns: await explain(campaignPageSelect(t, "").limit(21).offset(0).toSQL()),
        // campaignProgress's count of a list's valid numbers (dto.ts), for every campaign of a page.
        valid: await explain(
          t.db.select({ n: count() }).from(contactListItems)
            .where(and(eq(contactListItems.contactListId, x.list.id), eq(contactListItems.isWhatsappValid, true))).toSQL(),
        ),
      };
    });
    assert.match(plans.all, /SEARCH campaign_shipping USING INDEX campaign_shipping_campaign_idx \(campaign_id=\?\)/);
    assert.match(plans.byStatus, /SEARCH campaign_shipping USING INDEX campaign_shipping_status_idx \(campaign_id=\? AND status=\?\)/);
    assert.match(plans.campaigns, /SEARCH whatsapps USING INTEGER PRIMARY KEY/);
    assert.match(plans.campaigns, /SEARCH contact_lists USING INTEGER PRIMARY KEY/);
    assert.match(plans.valid, /SEARCH contact_list_items USING COVERING INDEX contact_list_items_list_valid_idx \(contact_list_id=\? AND is_whatsapp_valid=\?\)/);
    for (const [name, plan] of Object.entries(plans)) assert.doesNotMatch(plan, /TEMP B-TREE/, name);
    for (const [name, plan] of [["all", plans.all], ["byStatus", plans.byStatus]]) assert.doesNotMatch(plan, /SCAN/, name);
  } finally {
    await s.stop();
  }
});

/** The settings answered as the spec's client reads them ({key, value: JSON text}[]) as one object. */
const settingsOf = (entries: { key: string; value: string }[]) =>
  Object.fromEntries(entries.map((e) => [e.key, JSON.parse(e.value)]));

Deno.test("campaign settings: defaults, a round trip with and without the settings wrapper, a repeated key refused", async () => {
  const x = await setup();
  const { s, token } = x;
  const guards = { minGap: 5, dailyCap: 200, dailyCapStart: 20, dailyCapRampDays: 14, windowStart: "08:00", windowEnd: "20:00", typing: false };
  try {
    assert.deepEqual(settingsOf((await s.call("/campaign-settings", { token })).body), {
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
      ...guards,
    });
    const saved = await s.call("/campaign-settings/", {
      token,
      body: { settings: { messageInterval: 5, greaterInterval: 120, variables: [{ key: "loja", value: "Centro" }] } },
    });
    assert.deepEqual(settingsOf(saved.body), { messageInterval: 5, longerIntervalAfter: 20, greaterInterval: 120, variables: [{ key: "loja", value: "Centro" }], ...guards });
    const bare = await s.call("/campaign-settings", { token, body: { longerIntervalAfter: 10 } });
    assert.equal(settingsOf(bare.body).longerIntervalAfter, 10);
    assert.deepEqual(settingsOf((await s.call("/campaign-settings", { token })).body), {
      messageInterval: 5,
      longerIntervalAfter: 10,
      greaterInterval: 120,
      variables: [{ key: "loja", value: "Centro" }],
      ...guards,
    });
    const twice = await s.call("/campaign-settings", {
      token,
      body: { settings: { variables: [{ key: "loja", value: "A" }, { key: "loja", value: "B" }] } },
    });
    assert.deepEqual([twice.status, twice.body.error], [400, "ERR_CAMPAIGN_VARIABLE_KEY_TAKEN"]);
    assert.equal((await s.call("/campaign-settings", { token, body: { settings: { messageInterval: 7 } } })).body.field, "messageInterval");
    assert.deepEqual(settingsOf((await s.call("/campaign-settings", { token })).body).variables, [{ key: "loja", value: "Centro" }], "nothing saved");
  } finally {
    await s.stop();
  }
});

Deno.test("campaign settings: the guards are saved with their bounds (gap choices, caps, HH:MM window, typing) and a bad one names its field", async () => {
  const x = await setup();
  const { s, token } = x;
  try {
    const body = { minGap: 10, dailyCap: 500, dailyCapStart: 30, dailyCapRampDays: 7, windowStart: "22:00", windowEnd: "06:00", typing: true };
    const saved = await s.call("/campaign-settings", { token, body: { settings: body } });
    assert.equal(saved.status, 200);
    assert.deepEqual({ ...settingsOf(saved.body), messageInterval: undefined, longerIntervalAfter: undefined, greaterInterval: undefined, variables: undefined }, {
      ...body,
      messageInterval: undefined,
      longerIntervalAfter: undefined,
      greaterInterval: undefined,
      variables: undefined,
    });
    for (
      const [field, value] of [["minGap", 3], ["dailyCap", -1], ["dailyCap", 10_001], ["dailyCapStart", 0], ["dailyCapRampDays", 61], ["windowStart", "8:00"], [
        "windowEnd",
        "24:00",
      ], ["typing", "yes"]] as const
    ) {
      const bad = await s.call("/campaign-settings", { token, body: { [field]: value } });
      assert.deepEqual([bad.status, bad.body.field], [400, field], `${field} = ${value}`);
    }
    assert.deepEqual(settingsOf((await s.call("/campaign-settings", { token })).body).windowStart, "22:00", "nothing saved");
  } finally {
    await s.stop();
  }
});

Deno.test("campaigns: admins and supervisors of a plan with campaigns, their own company only", async () => {
  const x = await setup();
  const { s, token } = x;
  try {
    const c = (await s.call("/campaigns", { token, body: x.body() })).body;
    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    await s.call("/users", { token, body: { name: "Sup", email: "sup@example.com", password: "secret12", profile: "supervisor" } });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    const sup = (await s.login("sup@example.com", "secret12")).token;

    const routes: [string, string, unknown?][] = [
      ["/campaigns/", "GET"],
      [`/campaigns/${c.id}`, "GET"],
      ["/campaigns", "POST", x.body()],
      [`/campaigns/${c.id}`, "PUT", { name: "Nova" }],
      [`/campaigns/${c.id}/media-upload`, "POST", upload("a.png", PNG, "image/png")],
      [`/campaigns/${c.id}/media-upload`, "DELETE"],
      [`/campaigns/${c.id}/restart`, "POST"],
      [`/campaigns/${c.id}/cancel`, "POST"],
      [`/campaigns/${c.id}/shipping`, "GET"],
      ["/campaign-settings", "GET"],
      ["/campaign-settings", "POST", { settings: { messageInterval: 5 } }],
      [`/campaigns/${c.id}`, "DELETE"],
    ];
    const call = (path: string, method: string, body: unknown, as: string) =>
      s.call(path, { token: as, method, ...(body instanceof FormData ? { form: body } : body ? { body } : {}) });
    assert.equal((await s.call("/campaigns")).status, 401);
    for (const [path, method, body] of routes) {
      const r = await call(path, method, body, agent);
      assert.deepEqual([r.status, r.body.error], [403, "ERR_NO_PERMISSION"], `user ${method} ${path}`);
    }
    for (const [path, method, body] of routes) {
      const r = await call(path, method, body, sup);
      assert.ok(r.status < 300, `supervisor ${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    }

    const mine = (await s.call("/campaigns", { token, body: x.body() })).body;
    const other = await newCompany(s, token, "Outra");
    const them = (await s.login(other.email, other.password)).token;
    for (const [path, method, body] of routes.filter(([p]) => p.includes(`/${c.id}`))) {
      const r = await call(path.replace(`/${c.id}`, `/${mine.id}`), method, body, them);
      assert.deepEqual([r.status, r.body.error], [404, "ERR_NO_CAMPAIGN_FOUND"], `other company ${method} ${path}`);
    }
    assert.deepEqual((await s.call("/campaigns", { token: them })).body.records, []);
    // Their connection and lists are theirs: ours are not found from there.
    const theirs = await s.call("/campaigns", { token: them, body: x.body() });
    assert.deepEqual([theirs.status, theirs.body.error], [404, "ERR_NO_WAPP_FOUND"]);
    assert.equal((await s.call(`/campaigns/${mine.id}`, { token })).body.name, "Black Friday", "untouched");

    await s.call("/plans/1", { token, method: "PUT", body: { useCampaigns: false } });
    for (const [path, method, body] of routes) {
      const r = await call(path.replace(`/${c.id}`, `/${mine.id}`), method, body, token);
      assert.deepEqual([r.status, r.body.error, r.body.feature], [403, "ERR_PLAN_FEATURE_DISABLED", "useCampaigns"], `${method} ${path}`);
    }
  } finally {
    await s.stop();
  }
});
