// compose.yaml's balancer for real: Debian's nginx with deploy/nginx.conf (its upstreams
// pointed at two local instances) in front of two instances sharing Redis. Through it a
// company's sign-in, calls, WebSocket and event stream work whichever instance nginx picks,
// and every answer comes from the company's owner.
import assert from "node:assert/strict";
import { join } from "node:path";
import { call, socket, stream, type Instance, startInstance, testCluster } from "./instances_testing.ts";
import { companyKey } from "./lease_store.ts";
import { INSTANCE_HEADER } from "./forward.ts";
import { ADMIN } from "../testing.ts";
import { waitFor } from "../poll.ts";
import { freePort } from "../free_port.ts";

const ROOT = join(import.meta.dirname!, "../..");
const PATIENCE_MS = 60_000;


/** deploy/nginx.conf as compose mounts it, in a main configuration of its own folder. */
async function startNginx(upstreams: Instance[]) {
  const dir = await Deno.makeTempDir({ prefix: "nginx-test-" });
  const port = freePort();
  let site = await Deno.readTextFile(join(ROOT, "deploy/nginx.conf"));
  site = site.replace("app1:8080", `127.0.0.1:${upstreams[0].port}`).replace("app2:8080", `127.0.0.1:${upstreams[1].port}`)
    .replace("listen 80;", `listen 127.0.0.1:${port};`);
  assert.ok(site.includes(`127.0.0.1:${upstreams[1].port}`) && site.includes(`listen 127.0.0.1:${port};`), "the upstreams and the listen line were found");
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((k) => `${k}_temp_path ${dir}/${k};`).join("\n  ");
  await Deno.writeTextFile(
    join(dir, "nginx.conf"),
    `daemon off;\npid ${dir}/nginx.pid;\nerror_log stderr warn;\nevents {}\nhttp {\n  access_log off;\n  ${temp}\n${site}\n}\n`,
  );
  const program = Deno.env.get("NGINX_PATH") || "/usr/sbin/nginx";
  const child = new Deno.Command(program, { args: ["-p", dir, "-c", join(dir, "nginx.conf")], stdout: "null", stderr: "piped" }).spawn();
  const url = `http://127.0.0.1:${port}`;
  await waitFor(() => fetch(`${url}/health`).then((r) => r.body?.cancel().then(() => r.ok), () => false), 20_000, "nginx");
  return {
    url,
    async stop() {
      child.kill("SIGQUIT");
      await child.status;
      await child.stderr.cancel();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test({
  name: "balancer: through nginx with deploy/nginx.conf, a company's calls, socket and event stream reach its owner",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const cluster = await testCluster("balancer-test-");
    let balancer: Awaited<ReturnType<typeof startNginx>> | undefined;
    let failed = true;
    try {
      const one = await startInstance({ dataDir: cluster.dataDir });
      const root = await call(one.url, "/auth/login", { body: ADMIN });
      const made = await call(one.url, "/companies", {
        token: root.body.token,
        body: { name: "Loja", email: "dono@example.com", planId: 1, password: "secret12" },
      });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      await one.kill("SIGTERM");
      const env = { LEASE_TTL_MS: "2000", TRUSTED_PROXIES: "127.0.0.1" };
      const live = [await cluster.start("a", env), await cluster.start("b", env)];
      const [owner] = await waitFor(async () => {
        const held = await cluster.check.mget([companyKey(2)]);
        return held[0] && held;
      }, PATIENCE_MS, "the company held");
      const nginx = balancer = await startNginx(live);

      const signedIn = await call(nginx.url, "/auth/login", { body: { email: "dono@example.com", password: "secret12" } });
      assert.deepEqual([signedIn.status, signedIn.servedBy], [200, owner]);
      const token = signedIn.body.token;
      // Round robin sends these to both instances; the owner answers every one.
      for (let i = 0; i < 4; i++) {
        const res: Response = await fetch(`${nginx.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
        await res.body?.cancel();
        assert.deepEqual([res.status, res.headers.get(INSTANCE_HEADER)], [200, owner]);
      }
      const onSocket = await socket(nginx.url, token);
      const onStream = await stream(nginx.url, token);
      const tag = await call(nginx.url, "/tags", { token, body: { name: "Varejo" } });
      assert.deepEqual([tag.status, tag.servedBy], [201, owner]);
      await waitFor(() => onSocket.tags().includes("Varejo"), 10_000, "the tag on the socket");
      await waitFor(() => onStream.has("Varejo"), 10_000, "the tag on the stream, unbuffered");
      onSocket.ws.close();
      await onStream.close();
      failed = false;
    } finally {
      await balancer?.stop();
      await cluster.close(failed);
    }
  },
});
