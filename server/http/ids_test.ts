// An id is a positive integer or its decimal string, in paths, queries, bodies and forms:
// what Number() would also read ("0x14", " 12\n", [1], []) is refused naming the field.
import assert from "node:assert/strict";
import { ADMIN, PNG, startTestServer } from "../testing.ts";

const NOT_IDS: unknown[] = [[1], "0x14", [], "12\n", " 12", "1e1", "+1", 1.5, 0, -1, "0"];

Deno.test("ids: [1], \"0x14\", [], line breaks and the like are refused in paths, queries, bodies and forms; numbers and decimal strings pass", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const list = (await s.call("/contact-lists", { token, body: { name: "Lista" } })).body;
    const queue = (await s.call("/queue", { token, body: { name: "Vendas", color: "#2979FF" } })).body;

    const accepted: string[] = [];
    for (const bad of NOT_IDS) {
      const item = await s.call("/contact-list-items", { token, body: { name: "Ana", number: "5511955550001", contactListId: bad } });
      if (item.status !== 400 || item.body.field !== "contactListId") accepted.push(`body ${JSON.stringify(bad)}: ${item.status}`);
      if (typeof bad !== "string" && typeof bad !== "number") continue;
      const text = encodeURIComponent(String(bad));
      const path = await s.call(`/contact-lists/${text}`, { token });
      if (path.status !== 400 || path.body.field !== "id") accepted.push(`path ${JSON.stringify(bad)}: ${path.status}`);
      const query = await s.call(`/queue-options?queueId=${text}`, { token });
      if (query.status !== 400 || query.body.field !== "queueId") accepted.push(`query ${JSON.stringify(bad)}: ${query.status}`);
    }
    assert.deepEqual(accepted, []);

    // What the spec's client sends: numbers, and ids as decimal strings.
    for (const [good, number] of [[list.id, "5511955550002"], [String(list.id), "5511955550003"]]) {
      const r = await s.call("/contact-list-items", { token, body: { name: "Bia", number, contactListId: good } });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    }
    assert.equal((await s.call(`/contact-lists/${list.id}`, { token })).status, 200);
    assert.equal((await s.call(`/queue-options?queueId=${queue.id}&parentId=-1`, { token })).status, 200);

    // A file list's upload names the option each file replaces by its id, as form text.
    const files = (await s.call("/files", { token, body: { name: "Catálogo", message: "m", options: [{ name: "Capa" }] } })).body;
    const option = files.options[0].id;
    const upload = (id: string) => {
      const f = new FormData();
      f.append("id", id);
      f.append("files", new File([PNG], "capa.png", { type: "image/png" }));
      return s.call(`/files/uploadList/${files.id}`, { token, form: f });
    };
    assert.equal((await upload(`0x${option.toString(16)}`)).body.field, "id");
    assert.equal((await upload(`${option}\n`)).body.field, "id");
    assert.equal((await upload(String(option))).status, 200);
  } finally {
    await s.stop();
  }
});
