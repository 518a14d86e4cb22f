import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN, listen, newCompany, PNG, startTestServer } from "../../testing.ts";
import { filesToSend } from "./service.ts";

const form = (files: [string, BlobPart, string][], fields: [string, string][] = []) => {
  const f = new FormData();
  f.set("typeArch", "fileList");
  for (const [k, v] of fields) f.append(k, v);
  for (const [name, data, type] of files) f.append("files", new File([data], name, { type }));
  return f;
};
const mediaDir = (dataDir: string) => join(dataDir, "media", "1");
const onDisk = async (dataDir: string, url: string) =>
  await Deno.stat(join(dataDir, "media", url.replace(/^\/public\//, ""))).then(() => true, () => false);
const filesIn = async (dir: string) => {
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(dir)) names.push(e.name);
  } catch { /* no folder yet */ }
  return names.sort();
};

Deno.test("file lists: created, searched, files uploaded with their type checked, renamed, dropped and deleted with their files, live", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const live = listen(s, 1);

    assert.equal((await s.call("/files", { token, body: { name: "ab", message: "x" } })).body.field, "name");
    assert.equal((await s.call("/files", { token, body: { name: "Catálogo", message: "" } })).body.field, "message");
    const created = await s.call("/files", { token, body: { name: "Catálogo", message: "Veja nosso catálogo", options: [{ name: "Capa", path: "/etc/passwd", mediaType: "image/png" }] } });
    assert.equal(created.status, 201);
    assert.deepEqual(created.body.options.map((o: { name: string; path: string }) => [o.name, o.path]), [["Capa", ""]], "a client's path is never taken");
    assert.equal((await s.call("/files", { token, body: { name: "Catálogo", message: "y" } })).body.error, "ERR_FILE_LIST_NAME_EXISTS");
    await s.call("/files", { token, body: { name: "Tabela de preços", message: "Preços" } });
    const id = created.body.id;
    const capa = created.body.options[0].id;

    // Two files: the first fills the "Capa" option, the second becomes a new option named by the form.
    const up = await s.call(`/files/uploadList/${id}`, {
      token,
      form: form([["capa.png", PNG, "image/png"], ["../../../../tmp/evil.txt", "preços", "text/plain"]], [["fileId", String(id)], ["id", String(capa)], ["id", ""], ["name", "Capa"], ["name", "../../Lista\u0000.txt"], ["mediaType", "image"], ["mediaType", "file"]]),
    });
    assert.equal(up.status, 200);
    const [a, b] = up.body.options;
    assert.deepEqual([a.name, a.mediaType], ["Capa", "image/png"]);
    assert.deepEqual([b.name, b.mediaType], ["Lista.txt", "text/plain"], "a name is a label: no path, no control characters");
    for (const o of up.body.options) {
      assert.match(o.path, /^\/public\/1\/[0-9a-f]{32}\.(png|txt)$/);
      assert.ok(await onDisk(s.dataDir, o.path));
    }
    assert.deepEqual(await filesIn(join(s.dataDir, "media")), ["1"], "nothing written outside the company's media folder");
    assert.equal((await filesIn(mediaDir(s.dataDir))).length, 2);

    // A bad file among good ones stores none; a big one is refused by its kind's limit.
    const before = await filesIn(mediaDir(s.dataDir));
    const bad = await s.call(`/files/uploadList/${id}`, { token, form: form([["ok.png", PNG, "image/png"], ["fake.png", "not a png", "image/png"]]) });
    assert.deepEqual([bad.status, bad.body.error], [415, "ERR_FILE_TYPE"]);
    const big = await s.call(`/files/uploadList/${id}`, { token, form: form([["big.jpg", new Uint8Array(5 * 1024 * 1024 + 1), "image/jpeg"]]) });
    assert.deepEqual([big.status, big.body.error], [413, "ERR_FILE_TOO_LARGE"]);
    assert.deepEqual(await filesIn(mediaDir(s.dataDir)), before);
    assert.equal((await s.call(`/files/uploadList/${id}`, { token, form: form([["x.png", PNG, "image/png"]], [["id", "9999"]]) })).body.field, "id");

    // Replacing an option's file removes the old one.
    const again = await s.call(`/files/uploadList/${id}`, { token, form: form([["capa2.png", PNG, "image/png"]], [["id", String(capa)]]) });
    assert.ok(!await onDisk(s.dataDir, a.path));
    const capaPath = again.body.options[0].path;

    const sendable = await s.deps.registry.with(1, (t) => filesToSend(t, s.deps.media, id));
    assert.deepEqual(sendable.map((f) => [f.fileName, f.mimetype]), [["Capa", "image/png"], ["Lista.txt", "text/plain"]]);

    // Editing: the options not listed are dropped with their files.
    const edited = await s.call(`/files/${id}`, { token, method: "PUT", body: { name: "Catálogo 2025", options: [{ id: capa, name: "Capa nova" }, { id: null, name: "Verso", path: null, mediaType: "" }] } });
    assert.deepEqual(edited.body.options.map((o: { name: string }) => o.name), ["Capa nova", "Verso"]);
    assert.ok(!await onDisk(s.dataDir, b.path), "a dropped option's file is removed");
    assert.ok(await onDisk(s.dataDir, capaPath));
    assert.equal((await s.call(`/files/${id}`, { token, method: "PUT", body: { options: [{ id: 9999, name: "x" }] } })).body.field, "options");

    const page = await s.call("/files?searchParam=catálogo", { token });
    assert.deepEqual([page.body.count, page.body.files[0].name, page.body.hasMore], [1, "Catálogo 2025", false]);
    assert.equal((await s.call("/files/", { token })).body.count, 2, "the spec's path has a trailing slash");
    assert.deepEqual((await s.call("/files/list", { token })).body.map((l: { name: string }) => l.name), ["Catálogo 2025", "Tabela de preços"]);

    assert.equal((await s.call(`/files/${id}`, { token, method: "DELETE" })).status, 204);
    assert.ok(!await onDisk(s.dataDir, capaPath), "deleting the list removes its files");
    assert.equal((await s.call(`/files/${id}`, { token })).body.error, "ERR_NO_FILE_LIST_FOUND");

    const kinds = live.events.filter((e) => e.event === "company-1-file").map((e) => e.data.action);
    assert.deepEqual(kinds, ["create", "create", "update", "update", "update", "delete"]);
    live.stop();
  } finally {
    await s.stop();
  }
});

Deno.test("file lists: a user reads but does not change them; another company sees none", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const list = (await s.call("/files", { token, body: { name: "Catálogo", message: "Veja" } })).body;
    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    await s.call("/users", { token, body: { name: "Super", email: "sup@example.com", password: "secret12", profile: "supervisor" } });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    const sup = (await s.login("sup@example.com", "secret12")).token;

    assert.equal((await s.call(`/files/${list.id}`, { token: agent })).status, 200);
    assert.equal((await s.call("/files", { token: agent, body: { name: "Minha", message: "x" } })).body.error, "ERR_NO_PERMISSION");
    assert.equal((await s.call(`/files/${list.id}`, { token: agent, method: "PUT", body: { message: "y" } })).status, 403);
    assert.equal((await s.call(`/files/uploadList/${list.id}`, { token: agent, form: form([["a.png", PNG, "image/png"]]) })).status, 403);
    assert.equal((await s.call(`/files/${list.id}`, { token: agent, method: "DELETE" })).status, 403);
    assert.equal((await s.call(`/files/${list.id}`, { token: sup, method: "PUT", body: { message: "pelo supervisor" } })).body.message, "pelo supervisor");

    const other = await newCompany(s, token, "Outra");
    const them = (await s.login(other.email, other.password)).token;
    assert.equal((await s.call("/files", { token: them })).body.count, 0);
    assert.equal((await s.call(`/files/${list.id}`, { token: them })).status, 404);
    assert.equal((await s.call(`/files/uploadList/${list.id}`, { token: them, form: form([["a.png", PNG, "image/png"]]) })).status, 404);
    assert.equal((await s.call(`/files/${list.id}`, { token: them, method: "DELETE" })).status, 404);
    assert.equal((await s.call(`/files/${list.id}`, { token })).status, 200);
    assert.equal((await s.call("/files")).status, 401);
  } finally {
    await s.stop();
  }
});

Deno.test("file lists: uploads at once never pass the list's 50 options (44 + three uploads of 4)", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const options = Array.from({ length: 44 }, (_, i) => ({ name: `Opção ${i + 1}` }));
    const list = (await s.call("/files", { token, body: { name: "Quase cheia", message: "m", options } })).body;
    assert.equal(list.options.length, 44);
    const four = () => form(Array.from({ length: 4 }, (_, i) => [`f${i}.png`, PNG, "image/png"] as [string, BlobPart, string]));
    const answers = await Promise.all([1, 2, 3].map(() => s.call(`/files/uploadList/${list.id}`, { token, form: four() })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 400, 400]);
    assert.ok(answers.filter((a) => a.status === 400).every((a) => a.body.field === "files"));
    assert.equal((await s.call(`/files/${list.id}`, { token })).body.options.length, 48);
  } finally {
    await s.stop();
  }
});
