import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer, waitFor } from "../../testing.ts";
import { GOODBYE } from "./goodbye.ts";
import { queues } from "../../../db/tenant/schema.ts";
import { rememberClose, takeUndo, UNDO_CLOSE_MS } from "./undo.ts";
import type { Tenant } from "../../tenancy/registry.ts";

Deno.test("undo: a close is undone once, by its closer, with the state it had, within the window", () => {
  const t = {} as Tenant;
  const before = { status: "open" as const, userId: 7, queueId: 3 };
  const now = 1_000_000;
  rememberClose(t, 1, { byUserId: 7, closedAt: "x", before }, now);
  assert.equal(takeUndo(t, 1, 8, before, now), null, "another person");
  assert.equal(takeUndo(t, 1, 7, { ...before, queueId: 4 }, now), null, "another state");
  assert.equal(takeUndo(t, 1, 7, before, now + UNDO_CLOSE_MS + 1), null, "too late");
  assert.ok(takeUndo(t, 1, 7, before, now + 1000));
  assert.equal(takeUndo(t, 1, 7, before, now + 1000), null, "only once");
});

Deno.test("undo: Resolver then Desfazer brings the ticket back as it was, by its closer only", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const [sales] = await s.deps.registry.with(
      1,
      (t) => t.db.insert(queues).values([{ name: "Vendas", color: "#111111" }]).returning(),
    );
    const w = (await sandboxConnection(s, token)).id;
    await s.call("/users", {
      token,
      body: { name: "Ana", email: "ana@example.com", password: "secret12", queueIds: [sales.id] },
    });
    await s.call("/users", {
      token,
      body: { name: "Bia", email: "bia@example.com", password: "secret12", queueIds: [sales.id] },
    });
    const ana = await s.login("ana@example.com", "secret12");
    const bia = await s.login("bia@example.com", "secret12");
    const write = async (number: string) =>
      (await s.call(`/sandbox/${w}/inbound`, { token, body: { number, body: "oi" } })).body[0]
        .ticketId as number;
    const put = (id: number, body: unknown, as = ana.token) =>
      s.call(`/tickets/${id}`, { token: as, method: "PUT", body });

    // Ana's own ticket.
    const mine = await write("5511900000001");
    await put(mine, { queueId: sales.id, userId: null });
    await put(mine, { status: "open" });
    const closed = await put(mine, { status: "closed" });
    assert.equal(closed.body.status, "closed");
    assert.ok(Date.parse(closed.body.undoUntil) > Date.now(), "the close may be undone");
    const back = await put(mine, { status: "open", userId: ana.user.id, queueId: sales.id });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.deepEqual([back.body.status, back.body.userId, back.body.queueId], [
      "open",
      ana.user.id,
      sales.id,
    ]);

    // A waiting ticket of her queue: once closed she no longer sees it, yet her undo is allowed.
    const waiting = await write("5511900000002");
    await put(waiting, { queueId: sales.id, userId: null }, token);
    const gone = await put(waiting, { status: "closed" });
    assert.ok(gone.body.undoUntil);
    assert.equal(
      (await s.call(`/tickets/${waiting}`, { token: ana.token })).body.error,
      "ERR_NO_PERMISSION",
    );
    const restore = { status: "pending", userId: null, queueId: sales.id };
    assert.equal(
      (await put(waiting, restore, bia.token)).body.error,
      "ERR_NO_PERMISSION",
      "only the closer undoes",
    );
    const pending = await put(waiting, restore);
    assert.deepEqual([pending.body.status, pending.body.userId, pending.body.queueId], [
      "pending",
      null,
      sales.id,
    ]);
  } finally {
    await s.stop();
  }
});

Deno.test("undo: a close's goodbye (completion message or rating question) waits for the undo window; an undone close says nothing", async () => {
  let shift = 0;
  const s = await startTestServer({ clock: () => new Date(Date.now() + shift) });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = (await sandboxConnection(s, token, "Loja", { complationMessage: "Até logo!" })).id;
    const number = "5511900000003";
    const ticket = (await s.call(`/sandbox/${w}/inbound`, { token, body: { number, body: "oi" } })).body[0].ticketId;
    const phone = async () =>
      (await s.call(`/sandbox/${w}/outbox?number=${number}`, { token })).body.records.map((r: { body: string }) => r.body);
    const put = (body: unknown) => s.call(`/tickets/${ticket}`, { token, method: "PUT", body });
    const windowEnds = async () => {
      shift += UNDO_CLOSE_MS + 1000;
      await s.deps.timers.runNow(1, GOODBYE, s.deps.clock());
    };
    await put({ status: "open" });

    // A close with a completion message may be undone, and says nothing meanwhile.
    const closed = await put({ status: "closed" });
    assert.ok(closed.body.undoUntil, "the completion message no longer takes the undo away");
    assert.deepEqual(await phone(), [], "the goodbye waits for the window");
    const back = await put({ status: "open", userId: closed.body.userId, queueId: null });
    assert.equal(back.body.status, "open", JSON.stringify(back.body));
    await windowEnds();
    assert.deepEqual(await phone(), [], "an undone close said nothing");

    // Not undone: the goodbye goes out when the window ends.
    await put({ status: "closed" });
    await windowEnds();
    await waitFor(async () => (await phone()).includes("Até logo!"), 3000, "completion message");

    // With ratings on, the question waits the same way.
    await s.call(`/sandbox/${w}/inbound`, { token, body: { number, body: "voltei" } });
    await s.call("/settings/userRating", { token, method: "PUT", body: { value: "enabled" } });
    await put({ status: "open" });
    const rated = await put({ status: "closed" });
    assert.ok(rated.body.undoUntil);
    assert.equal((await phone()).filter((b: string) => /1 a 3/.test(b)).length, 0);
    await windowEnds();
    await waitFor(async () => (await phone()).some((b: string) => /1 a 3/.test(b)), 3000, "rating question");
  } finally {
    await s.stop();
  }
});
