// The Redis rate limits against a real redis-server, two clients standing for two instances:
// failures and calls on either count together, every key expires, no key names what it
// counts, and an outage falls back to this instance's own count.
import assert from "node:assert/strict";
import { connectRedis, ready } from "./redis.ts";
import { startRedis } from "./redis_server.ts";
import { limitCommands, RedisCallLimiter, RedisFailureLimiter } from "./redis_limits.ts";
import { AppError } from "../http/errors.ts";
import type { RateLimitOptions } from "../http/rate-limit.ts";
import { waitFor } from "../poll.ts";

const LOGIN: RateLimitOptions = { max: 5, windowMs: 15 * 60_000, baseLockMs: 30_000, maxLockMs: 15 * 60_000 };

async function clients(url: string) {
  const a = connectRedis(url, "test-a");
  const b = connectRedis(url, "test-b");
  await Promise.all([ready(a), ready(b)]);
  const scripts = (c: typeof a) => Object.assign(limitCommands(c), { del: c.del.bind(c) });
  return { a, b, onA: scripts(a), onB: scripts(b), close: () => [a, b].forEach((c) => c.disconnect()) };
}

const refused = (err: unknown) => err instanceof AppError && err.code === "ERR_RATE_LIMITED";

Deno.test("redis limits: failures on two instances lock the key on both; success clears it; keys expire and are hashed", async () => {
  const server = await startRedis();
  const c = await clients(server.url);
  try {
    const a = new RedisFailureLimiter(c.onA, "t:limit:login", LOGIN);
    const b = new RedisFailureLimiter(c.onB, "t:limit:login", LOGIN);
    const key = "acc:someone@example.com";
    for (let i = 0; i < 3; i++) await a.fail(key);
    for (let i = 0; i < 1; i++) await b.fail(key);
    assert.equal(await a.retryAfter(key), 0);
    await b.fail(key);
    for (const limiter of [a, b]) {
      const wait = await limiter.retryAfter(key);
      assert.ok(wait > 0 && wait <= LOGIN.baseLockMs / 1000, `locked for the first lock's length, got ${wait}`);
    }
    assert.equal(await a.retryAfter("acc:other@example.com"), 0);

    const keys = await c.a.keys("t:*");
    assert.ok(keys.length > 0);
    for (const k of keys) {
      assert.ok(!k.includes("someone"), `the key names what it counts: ${k}`);
      assert.ok(await c.a.pttl(k) > 0, `${k} expires`);
    }

    await a.succeed(key);
    assert.equal(await b.retryAfter(key), 0);
    assert.deepEqual(await c.a.keys("t:*"), []);
  } finally {
    c.close();
    await server.stop();
  }
});

Deno.test("redis limits: a lock after a lock lasts twice as long, up to the longest", async () => {
  const server = await startRedis();
  const c = await clients(server.url);
  try {
    // Locks of 1 s, 2 s, then 2 s again (4 s is past the longest); read in whole seconds.
    const o = { max: 2, windowMs: 60_000, baseLockMs: 1_000, maxLockMs: 2_000 };
    const a = new RedisFailureLimiter(c.onA, "t:limit:x", o);
    const locks: number[] = [];
    for (let lock = 0; lock < 3; lock++) {
      await a.fail("k");
      await a.fail("k");
      locks.push(await a.retryAfter("k"));
      await waitFor(async () => await a.retryAfter("k") === 0, 5_000, "the lock to pass");
    }
    assert.deepEqual(locks, [1, 2, 2]);
  } finally {
    c.close();
    await server.stop();
  }
});

Deno.test("redis limits: calls of one token on two instances share its budget", async () => {
  const server = await startRedis();
  const c = await clients(server.url);
  try {
    const a = new RedisCallLimiter(c.onA, "t:limit:api", 3, 60_000);
    const b = new RedisCallLimiter(c.onB, "t:limit:api", 3, 60_000);
    await a.take("token-1");
    await b.take("token-1");
    await a.take("token-1");
    await assert.rejects(b.take("token-1"), refused);
    await assert.rejects(a.take("token-1"), refused);
    await b.take("token-2");
    for (const k of await c.a.keys("t:*")) {
      assert.ok(!k.includes("token"), `the key names the token: ${k}`);
      assert.ok(await c.a.pttl(k) > 0, `${k} expires`);
    }
  } finally {
    c.close();
    await server.stop();
  }
});

Deno.test("redis limits: Redis away, this instance counts on its own; back, Redis counts again", async () => {
  const server = await startRedis();
  const c = await clients(server.url);
  try {
    const a = new RedisFailureLimiter(c.onA, "t:limit:login", LOGIN);
    await server.kill();
    await waitFor(() => c.a.status !== "ready", 5_000, "the client to see the outage");
    for (let i = 0; i < LOGIN.max; i++) await a.fail("acc:x");
    assert.ok(await a.retryAfter("acc:x") > 0, "locked by this instance's own count");
    await server.start();
    await ready(c.a, 10_000);
    // Redis came back empty and answers again: its count is the one read.
    assert.equal(await a.retryAfter("acc:x"), 0);
    await a.fail("acc:y");
    assert.equal((await c.a.keys("t:*")).length, 2);
  } finally {
    c.close();
    await server.stop();
  }
});
