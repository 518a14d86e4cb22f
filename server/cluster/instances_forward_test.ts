// Two real server processes on one data folder and one Redis: every request, socket and
// event stream for a company reaches the instance holding its lease, whichever instance it
// was sent to: a sign-in (found by its e-mail), the refresh cookie, bearer calls, the send
// API's token, a WebSocket and an event stream. The answer names the instance that served it.
import assert from "node:assert/strict";
import { call, socket, stream, startInstance, testCluster } from "./instances_testing.ts";
import { companyKey } from "./lease_store.ts";
import { INSTANCE_HEADER } from "./forward.ts";
import { ADMIN } from "../testing.ts";
import { waitFor } from "../poll.ts";

const PATIENCE_MS = 60_000;

/** Companies made by one process alone, before the instances share them. */
async function seed(dataDir: string, count: number) {
  const one = await startInstance({ dataDir });
  try {
    const root = await call(one.url, "/auth/login", { body: ADMIN });
    for (let i = 0; i < count; i++) {
      const r = await call(one.url, "/companies", {
        token: root.body.token,
        body: { name: `Loja ${i}`, email: `dono${i}@example.com`, planId: 1, password: "secret12" },
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    }
  } finally {
    await one.kill("SIGTERM");
  }
}

Deno.test({
  name: "instances: a company's requests, socket and event stream sent to any instance are served by its owner",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const cluster = await testCluster("instances-forward-");
    let failed = true;
    try {
      await seed(cluster.dataDir, 5);
      const ids = [1, 2, 3, 4, 5, 6];
      const a = await cluster.start("a", { LEASE_TTL_MS: "2000" });
      await cluster.start("b", { LEASE_TTL_MS: "2000" });
      const owners = await waitFor(async () => {
        const held = await cluster.check.mget(ids.map(companyKey));
        return held.every((h) => h === "a" || h === "b") && held.includes("b") && held;
      }, PATIENCE_MS, "every company held, some by b");
      // A company b holds, reached only through a.
      const index = owners.indexOf("b");
      const email = index === 0 ? ADMIN.email : `dono${index - 1}@example.com`;
      const password = index === 0 ? ADMIN.password : "secret12";

      const signedIn = await call(a.url, "/auth/login", { body: { email, password } });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      assert.equal(signedIn.servedBy, "b", "the sign-in found its company by the e-mail");
      const token = signedIn.body.token;
      const me = await call(a.url, "/auth/me", { token });
      assert.deepEqual([me.status, me.servedBy], [200, "b"]);
      const refreshed = await call(a.url, "/auth/refresh_token", { cookie: signedIn.cookie, method: "POST" });
      assert.deepEqual([refreshed.status, refreshed.servedBy], [200, "b"], JSON.stringify(refreshed.body));
      const fresh = refreshed.body.token;

      // A socket and an event stream opened on a hear what the company does there.
      const onSocket = await socket(a.url, fresh);
      const onStream = await stream(a.url, fresh);
      assert.equal(onStream.servedBy, "b");
      const tag = await call(a.url, "/tags", { token: fresh, body: { name: "Atacado" } });
      assert.deepEqual([tag.status, tag.servedBy], [201, "b"]);
      await waitFor(() => onSocket.tags().includes("Atacado"), 10_000, "the tag on the socket");
      await waitFor(() => onStream.has("Atacado"), 10_000, "the tag on the stream");
      onSocket.ws.close();
      await onStream.close();

      // The send API's token names the company too: the message leaves from b's session.
      const w = await call(a.url, "/whatsapp", { token: fresh, body: { name: "Sandbox", provider: "sandbox" } });
      assert.deepEqual([w.status, w.servedBy], [201, "b"]);
      const connection = await call(a.url, `/whatsapp/${w.body.id}`, { token: fresh });
      await waitFor(async () => (await call(a.url, `/whatsapp/${w.body.id}`, { token: fresh })).body.status === "CONNECTED", 10_000, "the sandbox connected");
      const sent = await call(a.url, "/api/messages/send", { token: connection.body.token, body: { number: "5511966665555", body: "Seu pedido saiu" } });
      assert.deepEqual([sent.status, sent.servedBy], [200, "b"], JSON.stringify(sent.body));
      failed = false;
    } finally {
      await cluster.close(failed);
    }
  },
});
