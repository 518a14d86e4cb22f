import assert from "node:assert/strict";
import { ADMIN, listen, newCompany, startTestServer } from "../../testing.ts";
import { companyEvent, userRoom } from "../../../contracts/realtime.ts";

async function team() {
  const s = await startTestServer();
  const root = await s.login(ADMIN.email, ADMIN.password);
  const add = async (name: string, email: string) =>
    (await s.call("/users", { token: root.token, body: { name, email, password: "secret12" } })).body.id as number;
  const anaId = await add("Ana", "ana@example.com");
  const beto = await add("Beto", "beto@example.com");
  await add("Caio", "caio@example.com");
  const ana = (await s.login("ana@example.com", "secret12")).token;
  const bet = (await s.login("beto@example.com", "secret12")).token;
  const caio = (await s.login("caio@example.com", "secret12")).token;
  return { s, root: root.token, ana, anaId, beto, bet, caio };
}

Deno.test("chats: members only see a chat and its messages; only the owner edits or deletes; events reach members only", async () => {
  const { s, ana, anaId, beto, bet, caio } = await team();
  try {
    const betoEvents = listen(s, 1, [userRoom(beto)]);
    const caioEvents = listen(s, 1, [userRoom(4)]);
    assert.equal((await s.call("/chats", { token: ana, body: { title: "  ", users: [beto] } })).body.field, "title");
    assert.equal((await s.call("/chats", { token: ana, body: { title: "Plantão", users: [] } })).body.field, "users");
    assert.equal((await s.call("/chats", { token: ana, body: { title: "Plantão", users: [anaId] } })).body.field, "users", "oneself is not company");
    assert.equal((await s.call("/chats", { token: ana, body: { title: "Plantão", users: [999] } })).body.field, "users");
    // The spec's client sends the picked users as objects.
    const made = await s.call("/chats", { token: ana, body: { title: "Plantão", users: [{ id: beto, name: "Beto" }] } });
    assert.equal(made.status, 201);
    const chat = made.body;
    assert.equal(chat.ownerId, anaId);
    assert.deepEqual(chat.users.map((u: { user: { name: string } }) => u.user.name), ["Ana", "Beto"]);

    assert.deepEqual((await s.call("/chats", { token: bet })).body.records.map((c: { id: number }) => c.id), [chat.id]);
    assert.deepEqual((await s.call("/chats", { token: caio })).body.records, []);
    assert.equal((await s.call(`/chats/${chat.uuid}`, { token: bet })).body.id, chat.id, "the page address finds it");
    for (const [method, path, body] of [
      ["GET", `/chats/${chat.id}`], ["GET", `/chats/${chat.id}/messages`], ["POST", `/chats/${chat.id}/messages`, { message: "oi" }],
      ["POST", `/chats/${chat.id}/read`, {}], ["PUT", `/chats/${chat.id}`, { title: "Meu" }], ["DELETE", `/chats/${chat.id}`],
    ] as const) {
      const r = await s.call(path, { token: caio, method, body });
      assert.deepEqual([r.status, r.body?.error], [404, "ERR_NO_CHAT_FOUND"], `${method} ${path}`);
    }

    const r = await s.call(`/chats/${chat.id}`, { token: bet, method: "PUT", body: { title: "Meu" } });
    assert.deepEqual([r.status, r.body.error], [403, "ERR_NO_PERMISSION"]);
    assert.equal((await s.call(`/chats/${chat.id}`, { token: bet, method: "DELETE" })).status, 403);

    const sent = await s.call(`/chats/${chat.id}/messages`, { token: ana, body: { message: "  Bom dia  " } });
    assert.equal(sent.status, 201);
    assert.deepEqual([sent.body.message, sent.body.sender.name], ["Bom dia", "Ana"]);
    assert.equal((await s.call(`/chats/${chat.id}/messages`, { token: ana, body: { message: "   " } })).body.field, "message");
    const live = betoEvents.events.find((e) => e.data.action === "new-message");
    assert.equal(live?.event, companyEvent(1, "chat"));
    assert.equal(live?.data.newMessage.message, "Bom dia");
    assert.equal(caioEvents.events.filter((e) => e.event === companyEvent(1, "chat")).length, 0, "a non-member's browser hears nothing");

    // The owner adds Caio and renames; then deletes.
    const edited = await s.call(`/chats/${chat.id}`, { token: ana, method: "PUT", body: { title: "Equipe", users: [beto, 4] } });
    assert.equal(edited.body.title, "Equipe");
    assert.equal((await s.call(`/chats/${chat.id}/messages`, { token: caio })).body.records[0].message, "Bom dia");
    assert.equal((await s.call(`/chats/${chat.id}`, { token: ana, method: "DELETE" })).status, 204);
    assert.deepEqual((await s.call("/chats", { token: bet })).body.records, []);
    assert.ok(caioEvents.events.some((e) => e.data.action === "delete" && e.data.id === chat.id));
    betoEvents.stop();
    caioEvents.stop();
  } finally {
    await s.stop();
  }
});

Deno.test("chats: a new message raises the other members' unread counts; reading resets the reader's", async () => {
  const { s, ana, beto, bet, caio } = await team();
  try {
    const chat = (await s.call("/chats", { token: ana, body: { title: "Trio", users: [beto, 4] } })).body;
    const other = (await s.call("/chats", { token: bet, body: { title: "Dupla", users: [4] } })).body;
    const unreads = async (token: string) => (await s.call("/chats/unreads", { token })).body.unreads;
    const mine = async (token: string, id: number) =>
      (await s.call(`/chats/${id}`, { token })).body.users.map((u: { user: { name: string }; unreads: number }) => [u.user.name, u.unreads]);

    await s.call(`/chats/${chat.id}/messages`, { token: ana, body: { message: "um" } });
    await s.call(`/chats/${chat.id}/messages`, { token: ana, body: { message: "dois" } });
    await s.call(`/chats/${chat.id}/messages`, { token: bet, body: { message: "três" } });
    await s.call(`/chats/${other.id}/messages`, { token: bet, body: { message: "só pro Caio" } });
    assert.deepEqual(await mine(ana, chat.id), [["Ana", 1], ["Beto", 2], ["Caio", 3]]);
    assert.deepEqual([await unreads(ana), await unreads(bet), await unreads(caio)], [1, 2, 4]);

    const read = await s.call(`/chats/${chat.id}/read`, { token: caio, body: { userId: 4 } });
    assert.equal(read.status, 200);
    assert.deepEqual(await mine(caio, chat.id), [["Ana", 1], ["Beto", 2], ["Caio", 0]]);
    assert.equal(await unreads(caio), 1, "the other chat's unread stays");
    // The body's userId never reads for someone else.
    await s.call(`/chats/${chat.id}/read`, { token: caio, body: { userId: 2 } });
    assert.equal(await unreads(ana), 1);
    // The list puts the latest activity first.
    assert.deepEqual((await s.call("/chats", { token: caio })).body.records.map((c: { title: string }) => c.title), ["Dupla", "Trio"]);
  } finally {
    await s.stop();
  }
});

Deno.test("chats: messages are paged newest page first, each page oldest first", async () => {
  const { s, ana, beto, bet } = await team();
  try {
    const chat = (await s.call("/chats", { token: ana, body: { title: "Muito", users: [beto] } })).body;
    for (let i = 1; i <= 45; i++) await s.call(`/chats/${chat.id}/messages`, { token: i % 2 ? ana : bet, body: { message: `m${i}` } });
    const page = async (n: number) => (await s.call(`/chats/${chat.id}/messages?pageNumber=${n}`, { token: bet })).body;
    const p1 = await page(1), p2 = await page(2), p3 = await page(3);
    assert.deepEqual([p1.records.length, p1.hasMore, p1.count], [20, true, 45]);
    assert.deepEqual([p1.records[0].message, p1.records[19].message], ["m26", "m45"]);
    assert.deepEqual([p2.records[0].message, p2.records[19].message, p2.hasMore], ["m6", "m25", true]);
    assert.deepEqual([p3.records.map((m: { message: string }) => m.message), p3.hasMore], [["m1", "m2", "m3", "m4", "m5"], false]);
    assert.equal((await s.call(`/chats/${chat.id}/messages?pageNumber=0`, { token: bet })).body.field, "pageNumber");
  } finally {
    await s.stop();
  }
});

Deno.test("chats: refused without the plan's internal chat; another company never sees a chat", async () => {
  const { s, root, ana, beto } = await team();
  try {
    const chat = (await s.call("/chats", { token: ana, body: { title: "Nossa", users: [beto] } })).body;
    await s.call(`/chats/${chat.id}/messages`, { token: ana, body: { message: "segredo" } });

    const other = await newCompany(s, root, "Outra");
    const them = (await s.login(other.email, other.password)).token;
    // Their admin has user id 1 in their own database; ids of our chat mean nothing there.
    assert.deepEqual((await s.call("/chats", { token: them })).body.records, []);
    assert.equal((await s.call(`/chats/${chat.id}`, { token: them })).status, 404);
    assert.equal((await s.call(`/chats/${chat.uuid}`, { token: them })).status, 404);
    assert.equal((await s.call(`/chats/${chat.id}/messages`, { token: them })).status, 404);
    assert.equal((await s.call("/chats/unreads", { token: them })).body.unreads, 0);

    await s.call("/plans/1", { token: root, method: "PUT", body: { useInternalChat: false } });
    for (const [method, path, body] of [
      ["GET", "/chats"], ["GET", "/chats/unreads"], ["POST", "/chats", { title: "x", users: [beto] }], ["GET", `/chats/${chat.id}`],
      ["PUT", `/chats/${chat.id}`, { title: "y" }], ["DELETE", `/chats/${chat.id}`], ["GET", `/chats/${chat.id}/messages`],
      ["POST", `/chats/${chat.id}/messages`, { message: "z" }], ["POST", `/chats/${chat.id}/read`, {}],
    ] as const) {
      const r = await s.call(path, { token: ana, method, body });
      assert.deepEqual([r.status, r.body.error, r.body.feature], [403, "ERR_PLAN_FEATURE_DISABLED", "useInternalChat"], `${method} ${path}`);
    }
  } finally {
    await s.stop();
  }
});
