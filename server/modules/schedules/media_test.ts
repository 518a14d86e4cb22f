import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN, newCompany, PNG, sandboxConnection, startTestServer, waitFor } from "../../testing.ts";

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
const upload = (name: string, data: BlobPart, type: string) => {
  const form = new FormData();
  form.append("file", new File([data], name, { type }));
  return form;
};
const GIF = Uint8Array.from(atob("R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="), (c) => c.charCodeAt(0));
const onDisk = async (dataDir: string, url: string) =>
  await Deno.stat(join(dataDir, "media", url.replace(/^\/public\//, ""))).then(() => true, () => false);

Deno.test("schedules: a png or jpg goes with the message at sendAt; other types, oversize, other companies and plans without schedules are refused", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const contact = await s.call("/contacts", { token, body: { name: "Ana Lima", number: "5511955550303" } });
    // Due in an hour while its image is chosen, then moved to now: however slow the steps before,
    // the send never goes ahead of its image.
    const due = await s.call("/schedules", { token, body: { body: "Olá {{firstName}}, seu boleto", sendAt: soon(3_600_000), contactId: contact.body.id } });
    const id = due.body.id;

    assert.equal((await s.call(`/schedules/${id}/media-upload`, { token, form: upload("a.gif", GIF, "image/gif") })).body.error, "ERR_FILE_TYPE", "png and jpg only");
    assert.equal((await s.call(`/schedules/${id}/media-upload`, { token, form: upload("a.png", "text", "image/png") })).body.error, "ERR_FILE_TYPE");
    const big = await s.call(`/schedules/${id}/media-upload`, { token, form: upload("a.jpg", new Uint8Array(5 * 1024 * 1024 + 1), "image/jpeg") });
    assert.deepEqual([big.status, big.body.error], [413, "ERR_FILE_TOO_LARGE"]);
    const two = upload("a.png", PNG, "image/png");
    two.append("file", new File([PNG], "b.png", { type: "image/png" }));
    assert.equal((await s.call(`/schedules/${id}/media-upload`, { token, form: two })).body.field, "file");

    const other = await newCompany(s, token, "Outra");
    const them = (await s.login(other.email, other.password)).token;
    assert.equal((await s.call(`/schedules/${id}/media-upload`, { token: them, form: upload("a.png", PNG, "image/png") })).status, 404);

    const dropped = await s.call(`/schedules/${id}/media-upload`, { token, form: upload("first.png", PNG, "image/png") });
    const attached = await s.call(`/schedules/${id}/media-upload`, { token, form: upload("../boleto.png", PNG, "image/png") });
    assert.equal(attached.status, 200);
    assert.equal(attached.body.mediaName, "boleto.png");
    assert.ok(!await onDisk(s.dataDir, dropped.body.mediaPath), "the replaced image is removed");

    const moved = await s.call(`/schedules/${id}`, { token, method: "PUT", body: { sendAt: soon(500) } });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const sent = await waitFor(async () => {
      const r = await s.call(`/schedules/${id}`, { token });
      // ENVIANDO is the send in flight: its end is awaited.
      return r.body.status !== "PENDENTE" && r.body.status !== "ENVIANDO" ? r.body : null;
    }, 6000, "the schedule to be sent");
    assert.equal(sent.status, "ENVIADA");
    const phone = (await s.call(`/sandbox/${w.id}/outbox?number=5511955550303`, { token })).body.records;
    assert.equal(phone.length, 1, "the image carries the text as its caption");
    assert.equal(phone[0].body, "Olá Ana, seu boleto");
    assert.equal(phone[0].mediaName, "boleto.png");
    assert.match(phone[0].mediaUrl, /^\/public\/1\/[0-9a-f]{32}\.png$/);
    assert.equal((await s.call(`/schedules/${id}/media-upload`, { token, method: "DELETE" })).body.error, "ERR_SCHEDULE_ALREADY_SENT");

    const later = await s.call("/schedules", { token, body: { body: "Outro lembrete", sendAt: soon(3_600_000), contactId: contact.body.id } });
    const img = await s.call(`/schedules/${later.body.id}/media-upload`, { token, form: upload("x.jpg", PNG, "image/png") });
    assert.equal((await s.call(`/schedules/${later.body.id}`, { token, method: "DELETE" })).status, 204);
    assert.ok(!await onDisk(s.dataDir, img.body.mediaPath), "deleting the schedule removes its image");

    await s.call("/plans/1", { token, method: "PUT", body: { useSchedules: false } });
    const refused = await s.call(`/schedules/${id}/media-upload`, { token, method: "DELETE" });
    assert.deepEqual([refused.status, refused.body.error], [403, "ERR_PLAN_FEATURE_DISABLED"]);
  } finally {
    await s.stop();
  }
});
