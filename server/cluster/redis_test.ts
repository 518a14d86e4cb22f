// The Redis connection against a real redis-server: commands, an outage that fails fast
// instead of queueing, and the reconnection once the server is back.
import assert from "node:assert/strict";
import { connectRedis, ready } from "./redis.ts";
import { startRedis } from "./redis_server.ts";
import { waitFor } from "../poll.ts";
import { loadConfig } from "../config.ts";

Deno.test("redis: commands, a fast failure while the server is away, and the way back", async () => {
  const server = await startRedis();
  const client = connectRedis(server.url, "test");
  try {
    await ready(client);
    await client.set("k", "v", "PX", 60_000);
    assert.equal(await client.get("k"), "v");
    await server.kill();
    await waitFor(() => client.status !== "ready", 5_000, "the client to see the outage");
    const started = performance.now();
    await assert.rejects(client.get("k"));
    assert.ok(performance.now() - started < 2_500, "a command fails within its timeout");
    await server.start();
    await ready(client, 10_000);
    // The server came back empty: the program writes again what it needs.
    assert.equal(await client.get("k"), null);
  } finally {
    client.disconnect();
    await server.stop();
  }
});

Deno.test("redis: REDIS_URL must be a redis:// or rediss:// URL", () => {
  assert.equal(loadConfig({ REDIS_URL: "redis://:pw@10.0.0.5:6379/0" }).redisUrl, "redis://:pw@10.0.0.5:6379/0");
  assert.equal(loadConfig({}).redisUrl, undefined);
  assert.throws(() => loadConfig({ REDIS_URL: "http://10.0.0.5" }), /REDIS_URL/);
});
