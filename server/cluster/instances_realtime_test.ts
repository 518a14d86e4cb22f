// Two real server processes sharing one data folder and a real redis-server, as instances
// behind a load balancer: what happens on one reaches the sockets and streams of the other,
// an outage of Redis leaves each instance serving its own sockets until Redis is back, and
// sign-in failures count across instances.
import assert from "node:assert/strict";
import { ADMIN } from "../testing.ts";
import { waitFor } from "../poll.ts";
import { call, type Instance, socket, startInstance, stream } from "./instances_testing.ts";
import { startRedis } from "./redis_server.ts";
import { companyEvent } from "../../contracts/realtime.ts";
import { SIGNED_OUT } from "../realtime/hub.ts";

interface SignedIn {
  token: string;
  cookie: string;
  companyId: number;
}

async function signIn(base: string, email: string, password: string): Promise<SignedIn> {
  const res = await call(base, "/auth/login", { method: "POST", body: { email, password } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { token: res.body.token, cookie: res.cookie, companyId: res.body.user.companyId };
}

async function createTag(base: string, token: string, name: string) {
  const res = await call(base, "/tags", { method: "POST", token, body: { name } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
}

async function instances(redisUrl: string) {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-instances-" });
  // One after the other: the first creates the databases the second opens.
  const a = await startInstance({ dataDir, redisUrl });
  const b = await startInstance({ dataDir, redisUrl }).catch(async (err) => {
    await a.kill();
    throw err;
  });
  return {
    a,
    b,
    async stop(failed: boolean) {
      if (failed) for (const i of [a, b]) console.error(`--- instance ${i.port}:\n${i.output()}`);
      await Promise.all([a.kill(), b.kill()]);
      await Deno.remove(dataDir, { recursive: true });
    },
  };
}

Deno.test("instances: events, sign-outs and sign-in limits cross instances through Redis, and survive its outage", async (t) => {
  const redis = await startRedis();
  let failed = false;
  let pair: { a: Instance; b: Instance; stop(failed: boolean): Promise<void> } | undefined;
  const sockets: { ws: WebSocket }[] = [];
  const streams: { close(): Promise<void> }[] = [];
  try {
    pair = await instances(redis.url);
    const { a, b } = pair;
    const admin = await signIn(a.url, ADMIN.email, ADMIN.password);

    failed = !await t.step("an event caused on A reaches a socket and a stream on B, and A's own socket once", async () => {
      const onB = await socket(b.url, admin.token);
      const onA = await socket(a.url, admin.token);
      const streamB = await stream(b.url, admin.token);
      sockets.push(onA, onB);
      streams.push(streamB);
      await createTag(a.url, admin.token, "crossed");
      await waitFor(() => onB.tags().includes("crossed"), 10_000, "the event on B's socket");
      await waitFor(() => streamB.has(`event: ${companyEvent(admin.companyId, "tag")}`), 10_000, "the event on B's stream");
      assert.ok(streamB.has('"name":"crossed"'));
      // B's own event reaches A: the next one on A's socket comes after, so "crossed" came once.
      await createTag(b.url, admin.token, "answered");
      await waitFor(() => onA.tags().includes("answered"), 10_000, "B's event on A's socket");
      assert.deepEqual(onA.tags(), ["crossed", "answered"]);
    });

    failed ||= !await t.step("signing out on A closes the session's socket on B", async () => {
      const session = await signIn(a.url, ADMIN.email, ADMIN.password);
      const onB = await socket(b.url, session.token);
      sockets.push(onB);
      const out = await call(a.url, "/auth/logout", { method: "DELETE", cookie: session.cookie });
      assert.equal(out.status, 204);
      await waitFor(() => onB.closed(), 10_000, "B's socket of the session to close");
      assert.equal(onB.closed(), SIGNED_OUT.code);
    });

    failed ||= !await t.step("Redis away: A still serves its own sockets; back: events cross again", async () => {
      const session = await signIn(a.url, ADMIN.email, ADMIN.password);
      const onA = await socket(a.url, session.token);
      const onB = await socket(b.url, session.token);
      sockets.push(onA, onB);
      await redis.kill();
      await createTag(a.url, session.token, "during-outage");
      await waitFor(() => onA.tags().includes("during-outage"), 10_000, "A's own event while Redis is away");
      await redis.start();
      let n = 0;
      await waitFor(async () => {
        await createTag(a.url, session.token, `after-outage-${++n}`);
        return onB.tags().some((name) => name.startsWith("after-outage-"));
      }, 30_000, "events to cross again once Redis is back");
      // Both ways: B's connections to Redis are back too (the next step counts on them).
      await waitFor(async () => {
        await createTag(b.url, session.token, `from-b-${++n}`);
        return onA.tags().some((name) => name.startsWith("from-b-"));
      }, 30_000, "B's events to cross again");
    });

    failed ||= !await t.step("failed sign-ins split between A and B lock the account on both", async () => {
      const wrong = { email: ADMIN.email, password: "not-the-password" };
      for (const base of [a.url, b.url, a.url, b.url, a.url]) {
        assert.equal((await call(base, "/auth/login", { method: "POST", body: wrong })).status, 401);
      }
      for (const base of [a.url, b.url]) {
        const refused = await call(base, "/auth/login", { method: "POST", body: { email: ADMIN.email, password: ADMIN.password } });
        assert.equal(refused.status, 429);
        assert.equal(refused.body.error, "ERR_TOO_MANY_ATTEMPTS");
      }
    });
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    for (const s of sockets) s.ws.close();
    for (const s of streams) await s.close();
    await pair?.stop(failed);
    await redis.stop();
  }
});
