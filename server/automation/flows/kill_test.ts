// The server process killed (SIGKILL) while flow runs wait, and started again on the same
// data: the interval's wake-up fires once, the question still waits for its answer, and no
// block runs twice (every text reached the phone exactly once).
import assert from "node:assert/strict";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { ADMIN, startTestServer, waitFor } from "../../testing.ts";
import { graph } from "./testing.ts";

const ROOT = join(import.meta.dirname!, "../../..");
const WAITER = "5511955550101";
const ASKED = "5511955550102";

function freePort() {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

const env = (dataDir: string, port: number) => ({
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: "error",
  WA_VERSION_FETCH: "false",
  FLOW_TYPING_MS: "0",
});

Deno.test("flows: a server killed (SIGKILL) in the middle of an interval and of a question resumes both: the wait fires once, the question still waits, nothing is sent twice", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-flow-kill-" });
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "server/main.ts")],
    env: env(dataDir, port),
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const guard = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const call = async (path: string, token: string, body?: unknown) => {
    const r = await fetch(base + path, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return await r.json();
  };
  const tenant = () => createClient({ url: `file:${join(dataDir, "tenants", "1.db")}` });
  let whatsappId = 0;
  try {
    await waitFor(
      () => fetch(`${base}/health`).then((r) => r.body?.cancel().then(() => r.ok), () => false),
      30_000,
      "the server process",
    );
    const { token } = await (await fetch(`${base}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    })).json();
    whatsappId = (await call("/whatsapp", token, { name: "Loja", provider: "sandbox" })).id;
    await waitFor(
      async () => (await call(`/whatsapp/${whatsappId}`, token)).status === "CONNECTED",
      10_000,
      "CONNECTED",
    );

    // Two flows, written as the flow builder's routes would.
    const db = tenant();
    const waits = graph([
      ["a", "message", { text: "Um momento..." }],
      ["w", "interval", { sec: 8 }],
      ["b", "message", { text: "Voltei!" }],
    ], [["1", null, "a"], ["a", null, "w"], ["w", null, "b"]]);
    const asks = graph([
      ["q", "question", { message: "Qual o seu nome?", answerKey: "nome" }],
      ["t", "message", { text: "Obrigado, {{nome}}!" }],
    ], [["1", null, "q"], ["q", "response", "t"]]);
    for (const [i, g] of [waits, asks].entries()) {
      await db.batch([
        { sql: "INSERT INTO flows (name) VALUES (?)", args: [`F${i}`] },
        {
          sql:
            "INSERT INTO flow_versions (flow_id, number, graph) VALUES (last_insert_rowid(), 1, ?)",
          args: [JSON.stringify(g)],
        },
        {
          sql:
            "UPDATE flows SET published_version_id = last_insert_rowid(), last_version = 1 WHERE id = ?",
          args: [i + 1],
        },
        {
          sql:
            "INSERT INTO flow_campaigns (name, flow_id, whatsapp_id, phrase) VALUES (?, ?, ?, ?)",
          args: [`C${i}`, i + 1, whatsappId, i ? "cadastro" : "espera"],
        },
      ], "write");
    }
    db.close();

    await call(`/sandbox/${whatsappId}/inbound`, token, {
      number: WAITER,
      body: "espera",
      name: "Ana",
    });
    await call(`/sandbox/${whatsappId}/inbound`, token, {
      number: ASKED,
      body: "cadastro",
      name: "Beto",
    });
    // Both waiting: the interval after its first text, the question once asked (its place is
    // written before its text goes out, so the text is what shows it waits for an answer).
    const waiting = async () => {
      const c = tenant();
      const cursors = (await c.execute("SELECT cursor FROM ticket_automation ORDER BY ticket_id"))
        .rows
        .map((r) => String(r.cursor));
      const sent = Number((await c.execute("SELECT count(*) AS n FROM sandbox_outbox")).rows[0].n);
      c.close();
      return cursors.join() === "w,q" && sent === 2;
    };
    await waitFor(waiting, 10_000, "both runs waiting");
    child.kill("SIGKILL");
    await child.status;
  } finally {
    clearTimeout(guard);
  }

  const s = await startTestServer({ dataDir, env: { FLOW_TYPING_MS: "0" } });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const phone = async (number: string) =>
      ((await s.call(`/sandbox/${whatsappId}/outbox?number=${number}`, { token })).body.records as {
        body: string;
      }[])
        .map((r) => r.body);
    await waitFor(
      async () => (await phone(WAITER)).length === 2,
      20_000,
      "the interval's wake-up after the restart",
    );
    assert.equal((await phone(ASKED)).length, 1, "the question was not asked again");
    await s.call(`/sandbox/${whatsappId}/inbound`, {
      token,
      body: { number: ASKED, body: "Beto Lima", name: "Beto" },
    });
    await waitFor(async () => (await phone(ASKED)).length === 2, 10_000, "the answer taken");
    // Let any duplicate wake-up show itself.
    await new Promise((r) => setTimeout(r, 1500));
    await s.deps.inbox.settled();
    assert.deepEqual(await phone(WAITER), ["Um momento...", "Voltei!"]);
    assert.deepEqual(await phone(ASKED), ["Qual o seu nome?", "Obrigado, Beto Lima!"]);
    const runs = await s.deps.registry.with(
      1,
      async (t) =>
        (await t.client.execute("SELECT status, end_node FROM flow_runs ORDER BY id")).rows.map((
          r,
        ) => `${r.status}@${r.end_node}`),
    );
    assert.deepEqual(runs, ["done@b", "done@t"]);
  } finally {
    await s.stop();
    await Deno.remove(dataDir, { recursive: true });
  }
});
