// What a request costs when the control database is on a libSQL server (CONTROL_DB_URL, a
// real sqld on 127.0.0.1) instead of DATA_DIR/control.db: one company (its database a file
// in both runs), N sequential GET /auth/me and GET /tickets, latency per request.
//   deno run -A bench/control_remote.ts [N=200]
import { ADMIN, newCompany, startTestServer, type TestServer } from "../server/testing.ts";
import { startSqld } from "../server/tenancy/sqld_server.ts";

const N = Number(Deno.args[0] ?? 200);

const ms = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(2);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2)} ms`;
};

async function measure(s: TestServer, label: string) {
  const { token: root } = await s.login(ADMIN.email, ADMIN.password);
  const made = await newCompany(s, root, "Bench Co");
  const { token } = await s.login(made.email, made.password);
  for (const path of ["/auth/me", "/tickets"]) {
    for (let i = 0; i < 20; i++) await s.call(path, { token }); // warm-up
    const took: number[] = [];
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      const r = await s.call(path, { token });
      took.push(performance.now() - t0);
      if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
    }
    console.log(`${label.padEnd(22)} GET ${path.padEnd(9)} ${ms(took)}`);
  }
}

const file = await startTestServer({ env: { LOG_LEVEL: "error" } });
try {
  await measure(file, "control.db (file)");
} finally {
  await file.stop();
}
const sqld = await startSqld({ auth: true });
const remote = await startTestServer({ env: { CONTROL_DB_URL: sqld.url, CONTROL_DB_AUTH_TOKEN: sqld.token } });
try {
  await measure(remote, "CONTROL_DB_URL (sqld)");
} finally {
  await remote.stop();
  await sqld.stop();
}
