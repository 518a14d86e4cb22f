import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ADMIN, listen, newCompany, PNG, startTestServer, waitFor } from "../../testing.ts";
import { companyEvent, companyRoom } from "../../../contracts/realtime.ts";

const imageForm = (data: Uint8Array, name: string, type: string) => {
  const form = new FormData();
  form.append("file", new File([data.slice().buffer], name, { type }));
  return form;
};

Deno.test("announcements: only super users write (others ERR_NO_PERMISSION), everyone reads the active ones of every company, live", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    await s.call("/users", { token: root, body: { name: "Agente", email: "agente@example.com", password: "secret12", profile: "user" } });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    const other = await newCompany(s, root, "Outra Empresa");
    const otherAdmin = (await s.login(other.email, other.password)).token;
    const heard = listen(s, other.company.id, [companyRoom(other.company.id, "mainchannel")]);

    for (const token of [agent, otherAdmin]) {
      const refused = await s.call("/announcements", { token, body: { title: "Oi", text: "Texto" } });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.error, "ERR_NO_PERMISSION");
    }

    const created = await s.call("/announcements", { token: root, body: { title: "Manutenção", text: "Sábado às 22h" } });
    assert.equal(created.status, 201);
    assert.equal(created.body.priority, 3, "default priority is low");
    assert.equal(created.body.status, true, "default status is active");
    const ev = await waitFor(() => heard.events.find((e) => e.event === companyEvent(other.company.id, "announcement")));
    assert.equal(ev.data.action, "create");
    assert.equal(ev.data.record.title, "Manutenção", "another company hears it live");

    const draft = await s.call("/announcements", { token: root, body: { title: "Rascunho", text: "ainda não", priority: 1, status: false } });
    const told = await waitFor(() => heard.events.find((e) => e.data.id === draft.body.id || e.data.record?.id === draft.body.id));
    assert.deepEqual(told.data, { action: "delete", id: draft.body.id }, "a draft's text never reaches another company");
    const titles = async (token: string) => (await s.call("/announcements/", { token })).body.records.map((r: { title: string }) => r.title);
    assert.deepEqual(await titles(root), ["Rascunho", "Manutenção"], "super users see inactive ones too, high priority first");
    assert.deepEqual(await titles(agent), ["Manutenção"]);
    assert.deepEqual(await titles(otherAdmin), ["Manutenção"], "every company reads the super users' announcements");
    assert.equal((await s.call(`/announcements/${draft.body.id}`, { token: agent })).body.error, "ERR_NO_ANNOUNCEMENT_FOUND");

    for (const token of [agent, otherAdmin]) {
      const put = await s.call(`/announcements/${created.body.id}`, { token, method: "PUT", body: { title: "x" } });
      assert.equal(put.body.error, "ERR_NO_PERMISSION");
      assert.equal((await s.call(`/announcements/${created.body.id}`, { token, method: "DELETE" })).status, 403);
      assert.equal((await s.call(`/announcements/${created.body.id}/media-upload`, { token, form: imageForm(PNG, "a.png", "image/png") })).status, 403);
      assert.equal((await s.call(`/announcements/${created.body.id}/media-upload`, { token, method: "DELETE" })).status, 403);
    }
    assert.equal((await s.call(`/announcements/${created.body.id}`, { token: agent })).body.title, "Manutenção", "refused writes change nothing");

    const activated = await s.call(`/announcements/${draft.body.id}`, { token: root, method: "PUT", body: { status: true } });
    assert.equal(activated.body.status, true);
    assert.deepEqual(await titles(agent), ["Rascunho", "Manutenção"]);
    assert.equal((await s.call(`/announcements/${draft.body.id}`, { token: root, method: "DELETE" })).status, 204);
    await waitFor(() => heard.events.some((e) => e.data.action === "delete" && e.data.id === draft.body.id));
    assert.deepEqual(await titles(agent), ["Manutenção"]);
    heard.stop();
  } finally {
    await s.stop();
  }
});

Deno.test("announcements: title and text required, priority 1 to 3, search and paging", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    assert.equal((await s.call("/announcements", { token: root, body: { title: "  ", text: "x" } })).body.field, "title");
    assert.equal((await s.call("/announcements", { token: root, body: { title: "x" } })).body.field, "text");
    assert.equal((await s.call("/announcements", { token: root, body: { title: "x", text: "y", priority: 4 } })).body.field, "priority");
    assert.equal((await s.call("/announcements", { token: root, body: { title: "x", text: "y", priority: "2" } })).body.priority, 2);
    for (let i = 0; i < 25; i++) {
      await s.call("/announcements", { token: root, body: { title: `Aviso ${i}`, text: "corpo", priority: 3 } });
    }
    const first = await s.call("/announcements/?pageNumber=1", { token: root });
    assert.equal(first.body.records.length, 20);
    assert.equal(first.body.hasMore, true);
    assert.equal(first.body.count, 26);
    const second = await s.call("/announcements/?pageNumber=2", { token: root });
    assert.equal(second.body.records.length, 6);
    assert.equal(second.body.hasMore, false);
    const ids = new Set([...first.body.records, ...second.body.records].map((r: { id: number }) => r.id));
    assert.equal(ids.size, 26, "pages neither repeat nor skip");
    const found = await s.call("/announcements/?searchParam=aviso%201", { token: root });
    assert.deepEqual(found.body.records.map((r: { title: string }) => r.title).sort(), ["Aviso 1", ...Array.from({ length: 10 }, (_, i) => `Aviso 1${i}`)].sort());
    assert.equal((await s.call("/announcements/999", { token: root })).status, 404);
  } finally {
    await s.stop();
  }
});

Deno.test("announcements: the image is a .png or .jpg (by content), replaced and removed with its file", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const a = (await s.call("/announcements", { token: root, body: { title: "Com imagem", text: "veja" } })).body;
    const gif = new TextEncoder().encode("GIF89a....");
    const refused = await s.call(`/announcements/${a.id}/media-upload`, { token: root, form: imageForm(gif, "x.gif", "image/gif") });
    assert.equal(refused.status, 415);
    assert.equal(refused.body.error, "ERR_FILE_TYPE");
    assert.match(refused.body.message, /\.png, \.jpg or \.jpeg/);
    const fake = await s.call(`/announcements/${a.id}/media-upload`, { token: root, form: imageForm(new TextEncoder().encode("not a png"), "x.png", "image/png") });
    assert.equal(fake.body.error, "ERR_FILE_TYPE", "a name ending in .png is not enough");
    assert.equal((await s.call(`/announcements/${a.id}/media-upload`, { token: root, form: new FormData() })).body.field, "file");

    const withImage = await s.call(`/announcements/${a.id}/media-upload`, { token: root, form: imageForm(PNG, "../../banner.png", "image/png") });
    assert.equal(withImage.status, 200);
    assert.equal(withImage.body.mediaName, "banner.png");
    const served = await fetch(`${s.url}/public/${withImage.body.mediaPath}`);
    assert.equal(served.headers.get("content-type"), "image/png");
    await served.body?.cancel();
    const fileOf = (path: string) => join(s.dataDir, "media", ...path.split("/"));
    assert.ok(existsSync(fileOf(withImage.body.mediaPath)));

    const replaced = await s.call(`/announcements/${a.id}/media-upload`, { token: root, form: imageForm(PNG, "novo.png", "image/png") });
    assert.ok(!existsSync(fileOf(withImage.body.mediaPath)), "the replaced image's file is deleted");
    const removed = await s.call(`/announcements/${a.id}/media-upload`, { token: root, method: "DELETE" });
    assert.equal(removed.body.mediaPath, null);
    assert.equal(removed.body.mediaName, null);
    assert.ok(!existsSync(fileOf(replaced.body.mediaPath)));
  } finally {
    await s.stop();
  }
});
