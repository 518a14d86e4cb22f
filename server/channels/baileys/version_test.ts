import assert from "node:assert/strict";
import { DEFAULT_CONNECTION_CONFIG } from "@whiskeysockets/baileys";
import { loadConfig, parseVersion } from "../../config.ts";
import { fetchLatestVersion, type LatestVersionFetcher, VersionSource } from "./version.ts";

const offline: LatestVersionFetcher = () =>
  Promise.reject(new TypeError("error sending request: dns error: failed to lookup address"));

Deno.test("version: WA_VERSION is parsed and validated by the configuration", () => {
  assert.deepEqual(parseVersion("2,3000,1023456789"), [2, 3000, 1023456789]);
  assert.deepEqual(parseVersion(" 2.3000.1023456789 "), [2, 3000, 1023456789]);
  assert.equal(parseVersion("2,3000"), null);
  assert.equal(parseVersion("2,3000,abc"), null);
  assert.deepEqual(loadConfig({ WA_VERSION: "2,3000,1" }).waVersion, [2, 3000, 1]);
  assert.equal(loadConfig({}).waVersion, undefined);
  assert.equal(loadConfig({}).waVersionFetch, true);
  assert.equal(loadConfig({ WA_VERSION_FETCH: "false" }).waVersionFetch, false);
  assert.throws(() => loadConfig({ WA_VERSION: "latest" }), /WA_VERSION/);
});

Deno.test("version: a configured version wins and nothing is fetched", async () => {
  let calls = 0;
  const v = new VersionSource({
    configured: [2, 3000, 7],
    fetchLatest: () => {
      calls++;
      return Promise.resolve({ version: [2, 3000, 8], isLatest: true });
    },
  });
  assert.deepEqual(await v.get(), [2, 3000, 7]);
  assert.equal(calls, 0);
});

Deno.test("version: fetched once for the process (concurrent starts share the request)", async () => {
  let calls = 0;
  const v = new VersionSource({
    fetchLatest: () => {
      calls++;
      return Promise.resolve({ version: [2, 3000, 1029], isLatest: true });
    },
  });
  const all = await Promise.all([v.get(), v.get(), v.get()]);
  assert.deepEqual(all, [[2, 3000, 1029], [2, 3000, 1029], [2, 3000, 1029]]);
  assert.deepEqual(await v.get(), [2, 3000, 1029]);
  assert.equal(calls, 1);
  // WhatsApp refused it (405): the next socket asks again.
  v.refused();
  await v.get();
  assert.equal(calls, 2);
});

Deno.test("version: offline the bundled version is used, and asked again only after a while", async () => {
  let now = 0;
  let calls = 0;
  const v = new VersionSource({
    fetchLatest: (signal) => {
      calls++;
      return offline(signal);
    },
    now: () => now,
  });
  assert.equal(await v.get(), undefined, "undefined: Baileys' bundled version");
  now += 60_000;
  assert.equal(await v.get(), undefined);
  assert.equal(calls, 1, "no request per socket while offline");
  now += 10 * 60_000;
  await v.get();
  assert.equal(calls, 2);
});

Deno.test("version: a fetch that hangs gives up after the timeout", async () => {
  let aborted = false;
  const v = new VersionSource({
    timeoutMs: 50,
    fetchLatest: (signal) =>
      new Promise((_, reject) =>
        signal.addEventListener("abort", () => {
          aborted = true;
          reject(new Error("aborted"));
        })
      ),
  });
  const t0 = performance.now();
  assert.equal(await v.get(), undefined);
  assert.ok(performance.now() - t0 < 1000);
  assert.ok(aborted, "the request is cancelled, not left running");
});

Deno.test("version: Baileys' real fetch, failing, answers its bundled version (isLatest false)", async () => {
  const ac = new AbortController();
  ac.abort();
  const found = await fetchLatestVersion(ac.signal);
  assert.equal(found.isLatest, false);
  assert.deepEqual(found.version, DEFAULT_CONNECTION_CONFIG.version);
  assert.equal(await new VersionSource({ fetchLatest: () => fetchLatestVersion(ac.signal) }).get(), undefined);
});
