// Two hubs of two "instances" in one process, joined by a real redis-server: events and
// closes cross, each reaches a socket once and in order, the text is serialised once per
// publish, and an outage leaves each instance delivering its own events until Redis is back.
import assert from "node:assert/strict";
import { MemoryHub, type Outbound, SIGNED_OUT, type Subscriber } from "../realtime/hub.ts";
import { RedisHub } from "./redis_hub.ts";
import { connectRedis, ready } from "./redis.ts";
import { type RedisServer, startRedis } from "./redis_server.ts";
import { waitFor } from "../poll.ts";

function socket(companyId: number, userId: number, sessionId?: string) {
  const got: { event: string; text: string }[] = [];
  let closed: number | undefined;
  const sub: Subscriber = {
    companyId,
    userId,
    sessionId,
    muted: (event) => event === "secret",
    send: (f: Outbound) => void got.push({ event: f.event, text: f.ws.text }),
    close: (why) => void (closed = why?.code ?? 1000),
  };
  return { sub, got, events: () => got.map((g) => g.event), closed: () => closed };
}

async function instance(server: RedisServer, encodings = { count: 0 }, maxInFlight?: number) {
  const commands = connectRedis(server.url, "test-commands");
  const subscriber = connectRedis(server.url, "test-realtime");
  const encode = (v: unknown) => {
    encodings.count++;
    return JSON.stringify(v);
  };
  const hub = new RedisHub(new MemoryHub(encode), { commands, subscriber, channel: "test:realtime", encode, maxInFlight });
  await ready(commands);
  await ready(subscriber);
  await waitFor(() => hub.linked, 5_000, "the hub's subscription");
  return {
    hub,
    encodings,
    close() {
      hub.closeAll();
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}

Deno.test("redis hub: an event reaches both instances' sockets once, in order, serialised once, muted where it was", async () => {
  const server = await startRedis();
  const encodings = { count: 0 };
  const a = await instance(server, encodings);
  const b = await instance(server);
  try {
    const onA = socket(1, 10);
    const onB = socket(1, 11);
    const otherCompany = socket(2, 12);
    a.hub.attach(onA.sub);
    b.hub.attach(onB.sub);
    b.hub.attach(otherCompany.sub);
    encodings.count = 0;
    for (let i = 0; i < 50; i++) a.hub.publish(1, `e${i}`, { i, text: "olá" });
    a.hub.publish(1, "secret", { hidden: true });
    b.hub.publish(1, "last", null);
    a.hub.publish(1, "e50", null);
    await waitFor(() => [onA, onB].every((s) => s.events().includes("last") && s.events().includes("e50")), 5_000, "both sockets");
    // A's events in A's order; B's anywhere among them, but at the same place on both instances.
    assert.deepEqual(onA.events().filter((e) => e !== "last"), [...Array(51).keys()].map((i) => `e${i}`));
    assert.deepEqual(onB.events(), onA.events());
    assert.equal(onB.got[3].text, '{"event":"e3","data":{"i":3,"text":"olá"}}');
    assert.deepEqual(otherCompany.events(), []);
    // 52 publishes on A: one serialisation each, none for its own sockets' frames.
    assert.equal(encodings.count, 52);
  } finally {
    a.close();
    b.close();
    await server.stop();
  }
});

Deno.test("redis hub: rooms hold on every instance, and closes of sessions, users and companies cross", async () => {
  const server = await startRedis();
  const a = await instance(server);
  const b = await instance(server);
  try {
    const inRoom = socket(1, 10, "s1");
    const notInRoom = socket(1, 11, "s2");
    const sameUser = socket(1, 11, "s3");
    const otherCompany = socket(2, 12, "s4");
    for (const s of [inRoom, notInRoom, sameUser, otherCompany]) b.hub.attach(s.sub);
    b.hub.join(inRoom.sub, "company-1-open");
    a.hub.publish(1, "opened", { id: 1 }, ["company-1-open", "company-1-pending"]);
    await waitFor(() => inRoom.got.length === 1, 5_000, "the room's event");
    a.hub.closeSessions(1, ["s1"]);
    await waitFor(() => inRoom.closed(), 5_000, "the session's socket to close");
    assert.equal(inRoom.closed(), SIGNED_OUT.code);
    a.hub.closeUser(1, 11, { code: 4004, reason: "user access changed" });
    await waitFor(() => notInRoom.closed() && sameUser.closed(), 5_000, "the user's sockets to close");
    assert.equal(otherCompany.closed(), undefined);
    a.hub.closeCompany(2, { code: 4006, reason: "company access changed" });
    await waitFor(() => otherCompany.closed(), 5_000, "the company's sockets to close");
    assert.deepEqual(notInRoom.events(), []);
    assert.equal(b.hub.count(), 0);
  } finally {
    a.close();
    b.close();
    await server.stop();
  }
});

Deno.test("redis hub: Redis away, each instance delivers its own events; back, events cross again", async () => {
  const server = await startRedis();
  const a = await instance(server);
  const b = await instance(server);
  try {
    const onA = socket(1, 10);
    const onB = socket(1, 11);
    a.hub.attach(onA.sub);
    b.hub.attach(onB.sub);
    await server.kill();
    a.hub.publish(1, "while-away", null);
    await waitFor(() => onA.events().includes("while-away"), 5_000, "A's own event without Redis");
    await server.start();
    let sent = 0;
    await waitFor(() => {
      a.hub.publish(1, "back", ++sent);
      return onB.events().includes("back");
    }, 15_000, "events to cross again");
    assert.ok(!onB.events().includes("while-away"), "the other instance missed what Redis never had");
    // Once "end" is back on A, every earlier publish has been delivered there: each once,
    // none both at once and by its echo.
    a.hub.publish(1, "end", null);
    await waitFor(() => onA.events().includes("end"), 5_000, "the last event on A");
    assert.equal(onA.events().filter((e) => e === "back").length, sent);
  } finally {
    a.close();
    b.close();
    await server.stop();
  }
});

Deno.test("redis hub: Redis too far behind, an instance stops waiting on it and serves its own sockets; each event once", async () => {
  const server = await startRedis();
  const a = await instance(server, { count: 0 }, 2);
  const admin = connectRedis(server.url, "test-admin");
  try {
    await ready(admin);
    const onA = socket(1, 10);
    a.hub.attach(onA.sub);
    // Redis holds every publish until unpaused: two wait in flight, the third finds the limit reached.
    await admin.call("CLIENT", "PAUSE", "60000", "WRITE");
    a.hub.publish(1, "first", null);
    a.hub.publish(1, "second", null);
    a.hub.publish(1, "third", null);
    assert.deepEqual(onA.events(), ["third"], "past the limit, delivered here at once");
    await admin.call("CLIENT", "UNPAUSE");
    await waitFor(() => onA.events().length === 3, 10_000, "the two held events");
    a.hub.publish(1, "fourth", null);
    await waitFor(() => onA.events().includes("fourth"), 5_000, "the next event, through Redis again");
    assert.deepEqual(onA.events().toSorted(), ["first", "fourth", "second", "third"]);
  } finally {
    admin.disconnect();
    a.close();
    await server.stop();
  }
});
