import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN, listen, newCompany, startTestServer, waitFor } from "../../testing.ts";
import { companyEvent, companyRoom } from "../../../contracts/realtime.ts";
import { videoIdOf } from "../../../contracts/videos.ts";

const ID = "dQw4w9WgXcQ";

Deno.test("helps: the video code is a YouTube id or any YouTube address of it; anything else names no video", () => {
  for (
    const pasted of [
      ID,
      `  ${ID}  `,
      `https://www.youtube.com/watch?v=${ID}`,
      `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
      `youtube.com/watch?v=${ID}`,
      `http://m.youtube.com/watch?v=${ID}`,
      `https://youtu.be/${ID}?si=abc`,
      `https://www.youtube.com/embed/${ID}`,
      `https://www.youtube-nocookie.com/embed/${ID}?rel=0`,
      `https://youtube.com/shorts/${ID}`,
      `https://www.youtube.com/live/${ID}?feature=share`,
    ]
  ) assert.equal(videoIdOf(pasted), ID, pasted);
  for (
    const bad of [
      "",
      "abc",
      `${ID}x`,
      "dQw4w9WgXc!",
      `https://vimeo.com/${ID}`,
      `https://evil.example/watch?v=${ID}`,
      `https://youtube.com.evil.example/watch?v=${ID}`,
      `javascript://youtube.com/watch?v=${ID}`,
      `https://www.youtube.com/watch?v=${ID}x`,
      "https://www.youtube.com/watch",
      "https://www.youtube.com/channel/UC1234567890",
      `https://youtu.be/ ${ID}`,
    ]
  ) assert.equal(videoIdOf(bad), null, bad);
});

Deno.test("helps: super users create, edit and delete; the stored video is the id; every company reads the same list, live", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const other = await newCompany(s, root, "Outra Empresa");
    const otherAdmin = (await s.login(other.email, other.password)).token;
    const heard = listen(s, other.company.id, [companyRoom(other.company.id, "mainchannel")]);

    const created = await s.call("/helps", {
      token: root,
      body: { title: "Primeiros passos", video: `https://youtu.be/${ID}?si=x`, description: "Como começar" },
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.video, ID, "the address is stored as its id");
    assert.equal(created.body.description, "Como começar");
    const ev = await waitFor(() => heard.events.find((e) => e.event === companyEvent(other.company.id, "help")));
    assert.deepEqual(ev.data, { action: "create", record: created.body }, "another company hears it live");

    const bare = await s.call("/helps", { token: root, body: { title: "Conexões", video: "abcdefghijk", description: null } });
    assert.equal(bare.body.description, "", "the client's null description is none");

    const list = await s.call("/helps/list", { token: otherAdmin });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((h: { title: string }) => h.title), ["Conexões", "Primeiros passos"]);
    const page = await s.call("/helps", { token: otherAdmin });
    assert.deepEqual({ count: page.body.count, hasMore: page.body.hasMore, n: page.body.records.length }, { count: 2, hasMore: false, n: 2 });
    assert.equal((await s.call(`/helps/${created.body.id}`, { token: otherAdmin })).body.video, ID);

    const edited = await s.call(`/helps/${created.body.id}`, {
      token: root,
      method: "PUT",
      body: { title: "Começando", video: `https://www.youtube.com/watch?v=ZZZZZZZZZZ1` },
    });
    assert.equal(edited.status, 200);
    assert.deepEqual([edited.body.title, edited.body.video, edited.body.description], ["Começando", "ZZZZZZZZZZ1", "Como começar"]);
    await waitFor(() => heard.events.some((e) => e.data.action === "update" && e.data.record.title === "Começando"));

    assert.equal((await s.call(`/helps/${created.body.id}`, { token: root, method: "DELETE" })).status, 204);
    await waitFor(() => heard.events.some((e) => e.data.action === "delete" && e.data.id === created.body.id));
    assert.equal((await s.call(`/helps/${created.body.id}`, { token: otherAdmin })).body.error, "ERR_NO_HELP_FOUND");
    assert.equal((await s.call(`/helps/${created.body.id}`, { token: root, method: "DELETE" })).body.error, "ERR_NO_HELP_FOUND");
    assert.equal((await s.call("/helps/999", { token: root, method: "PUT", body: { title: "x" } })).status, 404);
    heard.stop();
  } finally {
    await s.stop();
  }
});

Deno.test("helps: admins and users of any company read but may not write (ERR_NO_PERMISSION); nobody signed out reads", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    await s.call("/users", { token: root, body: { name: "Agente", email: "agente@example.com", password: "secret12", profile: "user" } });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    const other = await newCompany(s, root, "Outra Empresa");
    const otherAdmin = (await s.login(other.email, other.password)).token;
    const help = (await s.call("/helps", { token: root, body: { title: "Filas", video: ID, description: "" } })).body;

    for (const token of [agent, otherAdmin]) {
      const refused = await s.call("/helps", { token, body: { title: "Oi", video: ID } });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.error, "ERR_NO_PERMISSION");
      assert.equal((await s.call(`/helps/${help.id}`, { token, method: "PUT", body: { title: "x" } })).body.error, "ERR_NO_PERMISSION");
      assert.equal((await s.call(`/helps/${help.id}`, { token, method: "DELETE" })).status, 403);
      assert.deepEqual((await s.call("/helps/list", { token })).body, [help]);
    }
    assert.equal((await s.call("/helps/list", {})).status, 401);
    assert.equal((await s.call("/helps", {})).status, 401);
  } finally {
    await s.stop();
  }
});

Deno.test("helps: title and a video code are required, a code that names no YouTube video is refused; search and paging", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    const refusedField = async (body: Record<string, unknown>, method = "POST", path = "/helps") => {
      const r = await s.call(path, { token: root, method, body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error, "ERR_VALIDATION");
      return r.body.field;
    };
    assert.equal(await refusedField({ title: " ", video: ID }), "title");
    assert.equal(await refusedField({ title: "x" }), "video");
    assert.equal(await refusedField({ title: "x", video: "" }), "video");
    assert.equal(await refusedField({ title: "x", video: "https://vimeo.com/123456" }), "video");
    assert.equal(await refusedField({ title: "x", video: "not a video" }), "video");
    const h = (await s.call("/helps", { token: root, body: { title: "x", video: ID } })).body;
    assert.equal(h.description, "", "a missing description is none");
    assert.equal(await refusedField({ video: "short" }, "PUT", `/helps/${h.id}`), "video");
    assert.equal((await s.call(`/helps/${h.id}`, { token: root })).body.video, ID, "a refused edit changes nothing");

    for (let i = 0; i < 24; i++) {
      await s.call("/helps", { token: root, body: { title: `Vídeo ${String(i).padStart(2, "0")}`, video: ID, description: i === 7 ? "Sobre 100% das filas" : "" } });
    }
    const first = await s.call("/helps?pageNumber=1", { token: root });
    assert.deepEqual([first.body.records.length, first.body.count, first.body.hasMore], [20, 25, true]);
    const second = await s.call("/helps/?pageNumber=2", { token: root });
    assert.deepEqual([second.body.records.length, second.body.hasMore], [5, false]);
    const found = await s.call(`/helps?searchParam=${encodeURIComponent("100%")}`, { token: root });
    assert.deepEqual(found.body.records.map((r: { title: string }) => r.title), ["Vídeo 07"], "search in the description, % taken literally");
    assert.equal((await s.call("/helps/list", { token: root })).body.length, 25);
  } finally {
    await s.stop();
  }
});

Deno.test("helps: the app's pages let frames come from the video player's origin only", async () => {
  const web = await Deno.makeTempDir({ prefix: "web-" });
  await Deno.mkdir(join(web, "assets"));
  await Deno.writeTextFile(join(web, "index.html"), "<!doctype html><div id=root></div>");
  await Deno.writeTextFile(join(web, "assets/app-abc123.js"), "console.log(1);");
  const s = await startTestServer({ webRoot: web });
  try {
    for (const path of ["/helps", "/", "/index.html"]) {
      const page = await fetch(`${s.url}${path}`, { headers: { accept: "text/html" } });
      await page.body?.cancel();
      assert.equal(page.headers.get("content-security-policy"), "frame-src https://www.youtube-nocookie.com", path);
    }
    const script = await fetch(`${s.url}/assets/app-abc123.js`);
    await script.body?.cancel();
    assert.equal(script.headers.get("content-security-policy"), null, "a script is no document: no policy");
  } finally {
    await s.stop();
    await Deno.remove(web, { recursive: true });
  }
});
