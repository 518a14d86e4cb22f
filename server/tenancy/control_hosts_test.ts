// Instances on two hosts: each has a data folder of its own (nothing shared on disk), and they
// share Redis, the control database on a libSQL server (CONTROL_DB_URL) and the companies'
// databases, each moved to a libSQL server of its own. Every company is held once, and a
// request sent to either host is served by the company's owner.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type Answer, call, type Instance, startInstance } from "../cluster/instances_testing.ts";
import { startRedis } from "../cluster/redis_server.ts";
import { connectRedis, ready } from "../cluster/redis.ts";
import { companyKey } from "../cluster/lease_store.ts";
import { ADMIN } from "../testing.ts";
import { waitFor } from "../poll.ts";
import { type SqldServer, startSqld } from "./sqld_server.ts";

const PATIENCE_MS = 60_000;
const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

/** Moves a company's database to `to` through the super user's route, and waits for the job. */
async function move(host: Instance, root: string, companyId: number, to: SqldServer) {
  const started = await call(host.url, `/companies/${companyId}/move`, { token: root, body: { url: to.url, authToken: to.token } });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  let job: Answer | undefined;
  // While the platform company moves, its super user's own calls may be answered 503.
  await waitFor(async () => {
    job = await call(host.url, `/companies/backup-jobs/${started.body.id}`, { token: root });
    return job.status === 200 && job.body.state !== "running";
  }, PATIENCE_MS, `the move of company ${companyId}`);
  assert.equal(job!.body.state, "done", JSON.stringify(job!.body));
}

Deno.test({
  name: "hosts: two instances with data folders of their own share the control database and companies on libSQL servers",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const control = await startSqld({ auth: true });
    const places: SqldServer[] = [];
    const redis = await startRedis();
    const check = connectRedis(redis.url, "test-check");
    const folders = [await Deno.makeTempDir({ prefix: "host-a-" }), await Deno.makeTempDir({ prefix: "host-b-" })];
    const env = { CONTROL_DB_URL: control.url, CONTROL_DB_AUTH_TOKEN: control.token, LEASE_TTL_MS: "2000" };
    const live: Instance[] = [];
    let failed = true;
    try {
      await ready(check, 10_000);
      const a = await startInstance({ dataDir: folders[0], redisUrl: redis.url, env: { ...env, INSTANCE_ID: "a" } });
      live.push(a);
      const root = (await call(a.url, "/auth/login", { body: ADMIN })).body.token;
      const owners = [{ id: 1, email: ADMIN.email, password: ADMIN.password }];
      for (let i = 0; i < 3; i++) {
        const r = await call(a.url, "/companies", {
          token: root,
          body: { name: `Loja ${i}`, email: `dono${i}@example.com`, planId: 1, password: "secret12" },
        });
        assert.equal(r.status, 201, JSON.stringify(r.body));
        owners.push({ id: r.body.id, email: `dono${i}@example.com`, password: "secret12" });
      }
      // Made as files in host a's folder: each moves to a libSQL server of its own, as the
      // platform company does, before a second host may hold any of them.
      for (const o of owners) {
        places.push(await startSqld({ auth: true }));
        await move(a, root, o.id, places.at(-1)!);
      }

      const b = await startInstance({ dataDir: folders[1], redisUrl: redis.url, env: { ...env, INSTANCE_ID: "b" } });
      live.push(b);
      const keys = owners.map((o) => companyKey(o.id));
      const held = await waitFor(async () => {
        const h = await check.mget(keys);
        return h.every((x) => x === "a" || x === "b") && h.includes("b") && h.includes("a") && h;
      }, PATIENCE_MS, "every company held once, by a or b, each holding some");

      for (const [i, o] of owners.entries()) {
        for (const host of [a, b]) {
          const signedIn = await call(host.url, "/auth/login", { body: { email: o.email, password: o.password } });
          assert.deepEqual([signedIn.status, signedIn.servedBy], [200, held[i]], JSON.stringify(signedIn.body));
          const name = `Tag ${o.id} via ${host === a ? "a" : "b"}`;
          const tag = await call(host.url, "/tags", { token: signedIn.body.token, body: { name } });
          assert.deepEqual([tag.status, tag.servedBy], [201, held[i]], JSON.stringify(tag.body));
        }
        // Both writes landed in the one database of the company, whichever host took them.
        const { token } = (await call(b.url, "/auth/login", { body: { email: o.email, password: o.password } })).body;
        const tags = JSON.stringify((await call(a.url, "/tags", { token })).body);
        assert.ok(tags.includes(`Tag ${o.id} via a`) && tags.includes(`Tag ${o.id} via b`), tags);
      }
      for (const dir of folders) assert.equal(await exists(join(dir, "control.db")), false, dir);
      // Host b never made a company's file: their databases are on the servers.
      assert.deepEqual(await Array.fromAsync(Deno.readDir(join(folders[1], "tenants"))).catch(() => []), []);
      failed = false;
    } finally {
      if (failed) for (const i of live) console.error(`--- instance ${i.port}:\n${i.output()}`);
      await Promise.all(live.map((i) => i.kill()));
      check.disconnect();
      await redis.stop();
      await Promise.all([control, ...places].map((s) => s.stop()));
      for (const dir of folders) await Deno.remove(dir, { recursive: true });
    }
  },
});
