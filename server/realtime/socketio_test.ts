// The spec's browser client over socket.io (socket.io-client 4, as it connects: the token in
// the query, the WebSocket transport), against a real server.
import assert from "node:assert/strict";
import { io, type Socket } from "socket.io-client";
import { sign } from "hono/jwt";
import { TOO_BIG } from "./engine.ts";
import { ADMIN, newCompany, sandboxConnection, startTestServer, type TestServer, waitFor } from "../testing.ts";

const SECRET = "socket-io-test-secret-0123456789";

// deno-lint-ignore no-explicit-any
type Heard = { event: string; data: any };

/** A client as the original opens it, recording every event it hears. */
function original(url: string, token: string) {
  const socket: Socket = io(url, { transports: ["websocket"], query: { token }, reconnection: false, forceNew: true });
  const heard: Heard[] = [];
  socket.onAny((event: string, data: unknown) => heard.push({ event, data }));
  const ready = new Promise<void>((resolve, reject) => {
    socket.once("ready", () => resolve());
    socket.once("connect_error", (err: Error) => reject(err));
  });
  return { socket, heard, ready };
}

async function inbound(s: TestServer, token: string, whatsappId: number, number: string, body: string) {
  const r = await s.call(`/sandbox/${whatsappId}/inbound`, { token, body: { number, body } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
}

/** Waits until the client is in the room: a marked settings event published there (again until heard) reaches it. */
async function inRoom(s: TestServer, c: { heard: Heard[] }, companyId: number, room: string) {
  const marker = crypto.randomUUID();
  await waitFor(() => {
    s.deps.hub.publish(companyId, `company-${companyId}-settings`, { action: "probe", marker }, room);
    return c.heard.some((h) => h.data?.marker === marker);
  }, 3000, `in room ${room}`);
}

/**
 * Waits until the client is out of the room: a marker sent there is missing once a second one,
 * sent afterwards to the user's own room, has arrived (events reach a socket in order).
 */
async function outOfRoom(s: TestServer, c: { heard: Heard[] }, companyId: number, room: string, userId: number) {
  await waitFor(async () => {
    const marker = crypto.randomUUID();
    s.deps.hub.publish(companyId, `company-${companyId}-settings`, { action: "probe", marker }, room);
    await inRoom(s, c, companyId, `user-${userId}`);
    return !c.heard.some((h) => h.data?.marker === marker);
  }, 3000, `out of room ${room}`);
}

const ticketUpdate = (heard: Heard[], companyId: number, status: string) =>
  heard.find((h) => h.event === `company-${companyId}-ticket` && h.data?.action === "update" && h.data.ticket?.status === status);

Deno.test("socket.io: the spec's client joins its lists by its emits (joinTickets, joinNotification, joinChatBox) and hears a ticket arrive and be accepted", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const a = await newCompany(s, root.token, "Socket A");
    const admin = await s.login(a.email, a.password);
    const phone = await sandboxConnection(s, admin.token);
    const client = original(s.url, admin.token);
    try {
      await client.ready;
      const c = a.company.id;
      client.socket.emit("joinTickets", "pending");
      client.socket.emit("joinNotification");
      await inRoom(s, client, c, `company-${c}-pending`);
      await inRoom(s, client, c, `company-${c}-notification`);

      await inbound(s, admin.token, phone.id, "5511955550101", "oi, preciso de ajuda");
      await waitFor(() => ticketUpdate(client.heard, c, "pending"), 3000, "the pending ticket");
      const ticket = ticketUpdate(client.heard, c, "pending")!.data.ticket;
      assert.equal(ticket.contact.number, "5511955550101");

      client.socket.emit("joinChatBox", String(ticket.id));
      await inRoom(s, client, c, String(ticket.id));
      client.socket.emit("leaveTickets", "pending");
      client.socket.emit("leaveNotification");
      await outOfRoom(s, client, c, `company-${c}-pending`, admin.user.id);
      await outOfRoom(s, client, c, `company-${c}-notification`, admin.user.id);

      const accepted = await s.call(`/tickets/${ticket.id}`, {
        method: "PUT",
        token: admin.token,
        body: { status: "open", userId: admin.user.id },
      });
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      await waitFor(() => ticketUpdate(client.heard, c, "open"), 3000, "the accepted ticket");
      assert.equal(ticketUpdate(client.heard, c, "open")!.data.ticket.id, ticket.id);
    } finally {
      client.socket.close();
    }
  } finally {
    await s.stop();
  }
});

Deno.test("socket.io: a company's events never reach another company's client, whatever it asks to join", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const a = await newCompany(s, root.token, "Socket A");
    const b = await newCompany(s, root.token, "Socket B");
    const adminA = await s.login(a.email, a.password);
    const adminB = await s.login(b.email, b.password);
    const phoneA = await sandboxConnection(s, adminA.token);
    const phoneB = await sandboxConnection(s, adminB.token);
    const ca = original(s.url, adminA.token);
    const cb = original(s.url, adminB.token);
    try {
      await Promise.all([ca.ready, cb.ready]);
      for (const c of [ca, cb]) {
        c.socket.emit("joinTickets", "pending");
        c.socket.emit("joinNotification");
        // Both companies' first ticket is number 1: B asks for the conversation A will have.
        c.socket.emit("joinChatBox", 1);
      }
      await inRoom(s, ca, a.company.id, `company-${a.company.id}-pending`);
      await inRoom(s, cb, b.company.id, `company-${b.company.id}-pending`);

      await inbound(s, adminA.token, phoneA.id, "5511955550202", "mensagem para A");
      await waitFor(() => ticketUpdate(ca.heard, a.company.id, "pending") !== undefined, 3000, "A's ticket at A");
      // B's own event, published after A's, has reached B: A's would have come before it.
      await inbound(s, adminB.token, phoneB.id, "5511955550303", "mensagem para B");
      await waitFor(() => ticketUpdate(cb.heard, b.company.id, "pending") !== undefined, 3000, "B's ticket at B");

      const foreign = cb.heard.filter((h) => h.event.startsWith(`company-${a.company.id}-`));
      assert.deepEqual(foreign, []);
      assert.ok(!cb.heard.some((h) => JSON.stringify(h.data ?? null).includes("mensagem para A")));
      assert.ok(ca.heard.some((h) => h.event === `company-${a.company.id}-appMessage`));
    } finally {
      ca.socket.close();
      cb.socket.close();
    }
  } finally {
    await s.stop();
  }
});

Deno.test("socket.io: a forged or expired token is refused at the handshake; a valid one connects", async () => {
  const s = await startTestServer({ env: { JWT_SECRET: SECRET } });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const claims = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    const expired = await sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, SECRET, "HS256");
    const forged = await sign({ ...claims }, "not-the-server-secret-0123456789", "HS256");
    for (const bad of [expired, forged, ""]) {
      const client = original(s.url, bad);
      try {
        await assert.rejects(client.ready, "refused");
        assert.equal(client.socket.connected, false);
        assert.deepEqual(client.heard, []);
      } finally {
        client.socket.close();
      }
    }
    assert.equal(s.deps.hub.count(), 0);
    const good = original(s.url, token);
    try {
      await good.ready;
      assert.equal(s.deps.hub.count(), 1);
    } finally {
      good.socket.close();
    }
  } finally {
    await s.stop();
  }
});

Deno.test("socket.io: what a profile may not read over the API does not reach its socket (an agent hears his own user record, not a colleague's; no company-wide notifications)", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const a = await newCompany(s, root.token, "Socket A");
    const admin = await s.login(a.email, a.password);
    const c = a.company.id;
    const made = await s.call("/users", {
      token: admin.token,
      body: { name: "Agente", email: "agente@example.com", password: "abcde", profile: "user" },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const agent = await s.login("agente@example.com", "abcde");
    const ca = original(s.url, admin.token);
    const cu = original(s.url, agent.token);
    try {
      await Promise.all([ca.ready, cu.ready]);
      cu.socket.emit("joinNotification");
      cu.socket.emit("joinTickets", "open");
      // The agent's lists are his queues' and the no-queue rooms, never the company's.
      await inRoom(s, cu, c, "queue-null-notification");
      await inRoom(s, cu, c, "queue-null-open");
      await outOfRoom(s, cu, c, `company-${c}-notification`, agent.user.id);
      await outOfRoom(s, cu, c, `company-${c}-open`, agent.user.id);

      const colleague = await s.call("/users", {
        token: admin.token,
        body: { name: "Colega", email: "colega@example.com", password: "abcde", profile: "user" },
      });
      assert.equal(colleague.status, 201);
      const renamed = await s.call(`/users/${agent.user.id}`, {
        method: "PUT",
        token: admin.token,
        body: { name: "Agente Renomeado", email: "agente@example.com", profile: "user" },
      });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      const userEvents = (h: Heard[]) => h.filter((e) => e.event === `company-${c}-user`).map((e) => e.data.user?.id);
      await waitFor(() => userEvents(cu.heard).includes(agent.user.id), 3000, "the agent's own record");
      await waitFor(() => userEvents(ca.heard).includes(colleague.body.id), 3000, "the colleague at the admin");
      assert.ok(!userEvents(cu.heard).includes(colleague.body.id), "a colleague's record is the admins'");
    } finally {
      ca.socket.close();
      cu.socket.close();
    }
  } finally {
    await s.stop();
  }
});

Deno.test("socket.io: a client sending more than 16 KiB at once is disconnected, the server holds no more of it", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const ws = new WebSocket(`${s.url.replace("http", "ws")}/socket.io/?token=${token}&EIO=4&transport=websocket`);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.onclose = (e) => resolve({ code: e.code, reason: e.reason })
    );
    const ready = new Promise<void>((resolve) =>
      ws.onmessage = (e) => {
        if (String(e.data).startsWith("0{")) ws.send("40");
        if (e.data === '42["ready"]') resolve();
      }
    );
    await ready;
    assert.equal(s.deps.hub.count(), 1);
    ws.send(`42["joinChatBox","${"9".repeat(20_000)}"]`);
    assert.deepEqual(await closed, { code: TOO_BIG.code, reason: TOO_BIG.reason });
    await waitFor(() => s.deps.hub.count() === 0, 3000, "the subscriber detached");
  } finally {
    await s.stop();
  }
});
