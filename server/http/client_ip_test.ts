// The client's address: X-Forwarded-For only from a named proxy, read from the right.
import assert from "node:assert/strict";
import { clientAddress, proxyEntryError, trustedProxies } from "./client_ip.ts";
import { loadConfig } from "../config.ts";
import { startTestServer } from "../testing.ts";

Deno.test("client address: the header counts only from a trusted proxy, the first untrusted hop from the right is the client", () => {
  const trusted = trustedProxies(["10.0.0.0/8", "192.0.2.7", "fd00::/8"]);
  assert.equal(clientAddress("10.1.2.3", "203.0.113.9", trusted), "203.0.113.9");
  // A client writing its own header: the proxy appended the address it saw, which wins.
  assert.equal(clientAddress("10.1.2.3", "1.1.1.1, 203.0.113.9", trusted), "203.0.113.9");
  assert.equal(clientAddress("10.1.2.3", "203.0.113.9, 192.0.2.7", trusted), "203.0.113.9");
  assert.equal(clientAddress("198.51.100.4", "203.0.113.9", trusted), "198.51.100.4", "not from a proxy");
  assert.equal(clientAddress("::ffff:10.0.0.5", "203.0.113.9", trusted), "203.0.113.9");
  assert.equal(clientAddress("fd00::1", "2001:db8::5", trusted), "2001:db8::5");
  assert.equal(clientAddress("10.1.2.3", "garbage", trusted), "10.1.2.3", "a malformed hop is not believed");
  assert.equal(clientAddress("10.1.2.3", "10.0.0.9", trusted), "10.0.0.9", "only proxies: the farthest");
  assert.equal(clientAddress("10.1.2.3", "203.0.113.9", trustedProxies([])), "10.1.2.3");
});

Deno.test("client address: TRUSTED_PROXIES entries are checked at start", () => {
  assert.equal(proxyEntryError("172.16.0.0/12"), null);
  assert.match(proxyEntryError("172.16.0.0/40") ?? "", /prefix/);
  assert.match(proxyEntryError("proxy.local") ?? "", /not an address/);
  assert.deepEqual(loadConfig({ TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1" }).trustedProxies, ["10.0.0.0/8", "127.0.0.1"]);
  assert.throws(() => loadConfig({ TRUSTED_PROXIES: "10.0.0.0/8,nope" }), /TRUSTED_PROXIES/);
});

Deno.test("client address: behind a trusted proxy the sign-in limit counts each client, not the proxy", async () => {
  const wrong = (s: Awaited<ReturnType<typeof startTestServer>>, i: number, client: string) =>
    s.call("/auth/login", { body: { email: `nobody${i}@example.com`, password: "wrong-pass" }, headers: { "x-forwarded-for": client } });
  const behind = await startTestServer({ env: { TRUSTED_PROXIES: "127.0.0.1" } });
  try {
    for (let i = 0; i < 5; i++) assert.equal((await wrong(behind, i, "203.0.113.9")).status, 401);
    assert.equal((await wrong(behind, 9, "203.0.113.9")).status, 429, "that client is throttled");
    assert.equal((await wrong(behind, 9, "198.51.100.4")).status, 401, "another client is not");
  } finally {
    await behind.stop();
  }
  const direct = await startTestServer();
  try {
    for (let i = 0; i < 5; i++) assert.equal((await wrong(direct, i, "203.0.113.9")).status, 401);
    assert.equal((await wrong(direct, 9, "198.51.100.4")).status, 429, "no proxy named: the header is nobody's word");
  } finally {
    await direct.stop();
  }
});
