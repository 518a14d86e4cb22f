// /flowbuilder: the list, names, the switch, duplicate, saving versions, deleting what
// nothing uses, the drop-off counts, permissions and company isolation (real server, real
// SQLite).
import { rawEdge as edge, rawNode as node } from "./wire_fixtures.ts";
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import {
  ADMIN,
  listen,
  newCompany,
  PNG,
  sandboxConnection,
  startTestServer,
  type TestServer,
} from "../../testing.ts";
import { flowRuns, flows, flowSteps, flowVersions } from "../../../db/tenant/flows.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

async function withServer(fn: (s: TestServer, token: string) => Promise<void>) {
  const s = await startTestServer();
  try {
    await fn(s, (await s.login(ADMIN.email, ADMIN.password)).token);
  } finally {
    await s.stop();
  }
}


/** Start -> message: the smallest flow the runtime can walk. */
const hello = (text = "Olá!") => ({
  nodes: [
    node("1", "start", { label: "Inicio do fluxo" }),
    node("m", "message", { label: text }, 240),
  ],
  connections: [edge("1", "m")],
});

async function newFlow(s: TestServer, token: string, name: string) {
  const r = await s.call("/flowbuilder", { token, body: { name } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.id as number;
}

async function save(
  s: TestServer,
  token: string,
  idFlow: number,
  graph: { nodes: unknown[]; connections: unknown[] },
) {
  return await s.call("/flowbuilder/flow", { token, body: { idFlow, ...graph } });
}

Deno.test("flows: created with the spec's name rules, listed by name with search and pages, renamed and switched off", async () => {
  await withServer(async (s, token) => {
    const events = listen(s, 1);
    const short = await s.call("/flowbuilder", { token, body: { name: "a" } });
    assert.deepEqual([short.status, short.body.error, short.body.field], [
      400,
      "ERR_VALIDATION",
      "name",
    ]);
    const long = await s.call("/flowbuilder", { token, body: { name: "x".repeat(51) } });
    assert.equal(long.status, 400);
    const id = await newFlow(s, token, "  Boas-vindas  ");
    const taken = await s.call("/flowbuilder", { token, body: { name: "Boas-vindas" } });
    assert.deepEqual([taken.status, taken.body.error], [409, "ERR_FLOW_NAME_EXISTS"]);
    for (let i = 0; i < 21; i++) await newFlow(s, token, `Fluxo ${String(i).padStart(2, "0")}`);

    const all = await s.call("/flowbuilder/", { token });
    assert.equal(all.status, 200);
    assert.equal(all.body.flows.length, 22, "no pageNumber: every flow (the original's choosers)");
    assert.equal(all.body.hasMore, false);
    assert.deepEqual(all.body.flows[0], {
      ...all.body.flows[0],
      id,
      name: "Boas-vindas",
      active: true,
      version: 0,
      published: false,
    });
    const page1 = await s.call("/flowbuilder?pageNumber=1", { token });
    const page2 = await s.call("/flowbuilder?pageNumber=2", { token });
    assert.deepEqual([
      page1.body.flows.length,
      page1.body.hasMore,
      page2.body.flows.length,
      page2.body.hasMore,
    ], [20, true, 2, false]);
    const found = await s.call("/flowbuilder?searchParam=BOAS&pageNumber=1", { token });
    assert.deepEqual(found.body.flows.map((f: { id: number }) => f.id), [id]);
    const literal = await s.call(`/flowbuilder?searchParam=${encodeURIComponent("%")}`, { token });
    assert.equal(literal.body.flows.length, 0, "LIKE's wildcards are the user's text");

    // The original's edit-name call: {flowId, name}; ours adds active for the status switch.
    const renamed = await s.call("/flowbuilder", {
      token,
      method: "PUT",
      body: { flowId: id, name: "Recepção" },
    });
    assert.deepEqual([renamed.status, renamed.body.name, renamed.body.active], [
      200,
      "Recepção",
      true,
    ]);
    const off = await s.call("/flowbuilder/", {
      token,
      method: "PUT",
      body: { flowId: String(id), active: false },
    });
    assert.deepEqual([off.status, off.body.name, off.body.active], [200, "Recepção", false]);
    const clash = await s.call("/flowbuilder", {
      token,
      method: "PUT",
      body: { flowId: id, name: "Fluxo 00" },
    });
    assert.deepEqual([clash.status, clash.body.error], [409, "ERR_FLOW_NAME_EXISTS"]);
    const nothing = await s.call("/flowbuilder", { token, method: "PUT", body: { flowId: id } });
    assert.equal(nothing.status, 400);
    const missing = await s.call("/flowbuilder", {
      token,
      method: "PUT",
      body: { flowId: 999, name: "Outro" },
    });
    assert.deepEqual([missing.status, missing.body.error], [404, "ERR_NO_FLOW_FOUND"]);

    const flowEvents = events.events.filter((e) => e.event === companyEvent(1, "flow"));
    assert.deepEqual(flowEvents.slice(-2).map((e) => [e.data.action, e.data.record.active]), [[
      "update",
      true,
    ], ["update", false]]);
    events.stop();
  });
});

Deno.test("flows: a save is checked by the one validator and refused whole with its problems; a good one is the next published version", async () => {
  await withServer(async (s, token) => {
    const id = await newFlow(s, token, "Vendas");
    const before = await s.call(`/flowbuilder/flow/${id}`, { token });
    assert.equal(before.status, 200);
    assert.equal(
      before.body.flow.flow,
      null,
      "null before the first save (the original reads response.data.flow.flow)",
    );
    assert.deepEqual([before.body.flow.id, before.body.flow.name, before.body.flow.version], [
      id,
      "Vendas",
      0,
    ]);

    // A menu whose second option leads nowhere, and a message nobody reaches.
    const broken = await save(s, token, id, {
      nodes: [
        node("1", "start", {}),
        node("menu", "menu", {
          message: "Escolha",
          arrayOption: [{ number: 1, value: "A" }, { number: 2, value: "B" }],
        }),
        node("a", "message", { label: "Você escolheu A" }),
        node("lost", "message", { label: "ninguém chega aqui" }),
      ],
      connections: [edge("1", "menu"), edge("menu", "a", "a1")],
    });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.error, "ERR_FLOW_INVALID");
    assert.deepEqual(
      broken.body.problems.map((p: { nodeId: string; code: string; handle?: string }) =>
        `${p.nodeId}:${p.code}${p.handle ? ":" + p.handle : ""}`
      ).sort(),
      ["lost:unreachable", "menu:outputUnwired:a2"],
    );
    const junk = await save(s, token, id, {
      nodes: "nope" as unknown as unknown[],
      connections: [],
    });
    assert.deepEqual([junk.status, junk.body.problems[0].code], [400, "noStart"]);
    const queueGone = await save(s, token, id, {
      nodes: [node("1", "start", {}), node("t", "ticket", { data: { id: 999, name: "Fila" } })],
      connections: [edge("1", "t")],
    });
    assert.deepEqual(
      queueGone.body.problems,
      [{ nodeId: "t", code: "queueGone" }],
      "the company's queues are the validator's",
    );
    assert.equal(
      (await s.call(`/flowbuilder/flow/${id}`, { token })).body.flow.version,
      0,
      "nothing was saved",
    );

    const first = await save(s, token, id, hello("Olá!"));
    assert.deepEqual([first.status, first.body], [200, { id, version: 1 }]);
    const second = await save(s, token, id, hello("Oi de novo"));
    assert.deepEqual(second.body, { id, version: 2 });
    const read = await s.call(`/flowbuilder/flow/${id}`, { token });
    assert.equal(read.body.flow.version, 2);
    assert.equal(read.body.flow.published, true);
    assert.deepEqual(
      read.body.flow.flow.nodes.map((
        n: { id: string; type: string; data: { label: string } },
      ) => [n.id, n.type, n.data.label]),
      [
        ["1", "start", "Inicio do fluxo"],
        ["m", "message", "Oi de novo"],
      ],
    );
    assert.deepEqual(
      read.body.flow.flow.connections.map((
        e: { source: string; target: string },
      ) => [e.source, e.target]),
      [["1", "m"]],
    );
    assert.equal(
      "selected" in read.body.flow.flow.nodes[1],
      false,
      "React Flow's own fields are not kept",
    );

    // Version 1 never changed; the flow points at version 2.
    const rows = await s.deps.registry.with(1, async (t) => ({
      versions: await t.db.select().from(flowVersions).where(eq(flowVersions.flowId, id)),
      flow: (await t.db.select().from(flows).where(eq(flows.id, id)))[0],
    }));
    assert.deepEqual(rows.versions.map((v) => [v.number, v.published]), [[1, true], [2, true]]);
    assert.equal(rows.flow.publishedVersionId, rows.versions[1].id);
    assert.equal(JSON.stringify(rows.versions[0].graph).includes("Olá!"), true);

    const other = await save(s, token, 999, hello());
    assert.deepEqual([other.status, other.body.error], [404, "ERR_NO_FLOW_FOUND"]);
  });
});

Deno.test("flows: a block's media must be one of the company's own stored files", async () => {
  await withServer(async (s, token) => {
    const co = await newCompany(s, token, "Outra");
    const other = (await s.login(co.email, co.password)).token;
    const form = new FormData();
    form.append("medias", new File([PNG], "logo.png", { type: "image/png" }));
    const theirs = (await s.call("/flowbuilder/img", { token: other, form })).body.name as string;
    const mineForm = new FormData();
    mineForm.append("medias", new File([PNG], "logo.png", { type: "image/png" }));
    const mine = (await s.call("/flowbuilder/img", { token, form: mineForm })).body.name as string;
    assert.match(mine, /^1\/[0-9a-f]{32}\.png$/);

    const id = await newFlow(s, token, "Com imagem");
    const graph = (url: string) => ({
      nodes: [node("1", "start", {}), node("pic", "img", { url })],
      connections: [edge("1", "pic")],
    });
    for (
      const url of [
        theirs,
        "../2/x.png",
        "foto-antiga.png",
        "1/00000000000000000000000000000000.png",
      ]
    ) {
      const r = await save(s, token, id, graph(url));
      assert.deepEqual(
        [r.status, r.body.problems],
        [400, [{ nodeId: "pic", code: "emptyMedia" }]],
        url,
      );
    }
    assert.equal((await save(s, token, id, graph(mine))).status, 200);
  });
});

Deno.test("flows: duplicate copies the last version as the copy's version 1, named in the company's language", async () => {
  await withServer(async (s, token) => {
    const id = await newFlow(s, token, "Atendimento");
    await save(s, token, id, hello("v1"));
    await save(s, token, id, hello("v2"));
    await s.call("/flowbuilder", { token, method: "PUT", body: { flowId: id, active: false } });
    const copy = await s.call("/flowbuilder/duplicate", { token, body: { flowId: id } });
    assert.equal(copy.status, 201, JSON.stringify(copy.body));
    assert.deepEqual([copy.body.name, copy.body.version, copy.body.active, copy.body.published], [
      "Atendimento (cópia)",
      1,
      false,
      true,
    ]);
    const read = await s.call(`/flowbuilder/flow/${copy.body.id}`, { token });
    assert.equal(read.body.flow.flow.nodes[1].data.label, "v2");
    const again = await s.call("/flowbuilder/duplicate", { token, body: { flowId: id } });
    assert.equal(again.body.name, "Atendimento (cópia 2)");
    // A never-saved flow copies to a never-saved flow; a long name is cut to fit 50.
    const long = await newFlow(s, token, "N".repeat(50));
    const cut = await s.call("/flowbuilder/duplicate", { token, body: { flowId: long } });
    assert.deepEqual([cut.body.name, cut.body.name.length, cut.body.version], [
      "N".repeat(42) + " (cópia)",
      50,
      0,
    ]);

    const co = await newCompany(s, token, "English Co", { language: "en" });
    const en = (await s.login(co.email, co.password)).token;
    const theirs = await newFlow(s, en, "Welcome");
    assert.equal(
      (await s.call("/flowbuilder/duplicate", { token: en, body: { flowId: theirs } })).body.name,
      "Welcome (copy)",
    );
    // Ids are per company database: the other company's ids beyond its own are nothing here.
    const notMine = await s.call("/flowbuilder/duplicate", {
      token: en,
      body: { flowId: cut.body.id },
    });
    assert.deepEqual([notMine.status, notMine.body.error], [404, "ERR_NO_FLOW_FOUND"]);
  });
});

Deno.test("flows: deleting is refused while a campaign, a connection or a running customer uses the flow, with the reason; then the flow goes with the versions no run walked", async () => {
  await withServer(async (s, token) => {
    const w = await sandboxConnection(s, token);
    const id = await newFlow(s, token, "Em uso");
    await save(s, token, id, hello());
    const events = listen(s, 1);

    const campaign = await s.call("/flowcampaign", {
      token,
      body: { name: "Promo", flowId: id, whatsappId: w.id, phrase: "promo" },
    });
    assert.equal(campaign.status, 201, JSON.stringify(campaign.body));
    // Inactive or not, the campaign still names the flow.
    await s.call("/flowcampaign", {
      token,
      method: "PUT",
      body: { id: campaign.body.id, status: false },
    });
    const byCampaign = await s.call(`/flowbuilder/${id}`, { token, method: "DELETE" });
    assert.deepEqual([byCampaign.status, byCampaign.body.error, byCampaign.body.campaigns], [
      409,
      "ERR_FLOW_USED_BY_CAMPAIGN",
      [{ id: campaign.body.id, name: "Promo" }],
    ]);
    assert.equal(
      (await s.call(`/flowcampaign/${campaign.body.id}`, { token, method: "DELETE" })).status,
      204,
    );

    const put = await s.call(`/whatsapp/${w.id}`, {
      token,
      method: "PUT",
      body: { flowIdNotPhrase: id },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const byConnection = await s.call(`/flowbuilder/${id}/`, { token, method: "DELETE" });
    assert.deepEqual([byConnection.status, byConnection.body.error, byConnection.body.whatsapps], [
      409,
      "ERR_FLOW_USED_BY_CONNECTION",
      [{ id: w.id, name: w.name }],
    ]);
    await s.call(`/whatsapp/${w.id}`, { token, method: "PUT", body: { flowIdNotPhrase: null } });

    // A customer walking version 1 (the runtime's row, written here directly).
    const inbound = await s.call(`/sandbox/${w.id}/inbound`, {
      token,
      body: { number: "5521977775555", body: "oi" },
    });
    const ticketId = inbound.body[0].ticketId as number;
    const runId = await s.deps.registry.with(1, async (t) => {
      const [v] = await t.db.select().from(flowVersions).where(eq(flowVersions.flowId, id));
      const [run] = await t.db.insert(flowRuns).values({
        ticketId,
        flowId: id,
        versionId: v.id,
        trigger: "phrase",
      }).returning();
      return run.id;
    });
    const plan = await s.deps.registry.with(1, async (t) =>
      (await t.client.execute({
        sql: `EXPLAIN QUERY PLAN SELECT count(*) FROM flow_runs WHERE status = 'running'
              AND version_id IN (SELECT id FROM flow_versions WHERE flow_id = ?)`,
        args: [id],
      })).rows.map((row) => String(row.detail)).join("\n"));
    assert.match(plan, /flow_runs_version_idx/);
    const byRun = await s.call(`/flowbuilder/${id}`, { token, method: "DELETE" });
    assert.deepEqual([byRun.status, byRun.body.error, byRun.body.runs], [
      409,
      "ERR_FLOW_RUNNING",
      1,
    ]);
    await s.deps.registry.with(
      1,
      (t) =>
        t.db.update(flowRuns).set({ status: "done", endNode: "m" }).where(eq(flowRuns.id, runId)),
    );

    // A version no run walked: it goes with the flow.
    await save(s, token, id, hello());
    const ok = await s.call(`/flowbuilder/${id}`, { token, method: "DELETE" });
    assert.equal(ok.status, 204, JSON.stringify(ok.body));
    assert.equal((await s.call(`/flowbuilder/flow/${id}`, { token })).status, 404);
    const left = await s.deps.registry.with(
      1,
      (t) => t.db.select().from(flowVersions).where(eq(flowVersions.flowId, id)),
    );
    assert.deepEqual(left.map((v) => v.number), [1], "the version its past run walked stays, alone");
    assert.deepEqual(
      events.events.filter((e) => e.event === companyEvent(1, "flow")).at(-1)?.data,
      { action: "delete", id },
    );
    assert.equal((await s.call(`/flowbuilder/${id}`, { token, method: "DELETE" })).status, 404);
    events.stop();
  });
});

Deno.test("flows: per block, how many runs of the last N days reached it and ended there", async () => {
  await withServer(async (s, token) => {
    const w = await sandboxConnection(s, token);
    const id = await newFlow(s, token, "Funil");
    await save(s, token, id, hello());
    const inbound = await s.call(`/sandbox/${w.id}/inbound`, {
      token,
      body: { number: "5521977775555", body: "oi" },
    });
    const ticketId = inbound.body[0].ticketId as number;
    const now = s.deps.clock().getTime();
    const day = 86_400_000;
    await s.deps.registry.with(1, async (t) => {
      const [v] = await t.db.select().from(flowVersions).where(eq(flowVersions.flowId, id));
      const run = async (
        startedAgo: number,
        status: "running" | "done" | "stopped" | "failed",
        nodes: string[],
      ) => {
        const at = new Date(now - startedAgo).toISOString();
        const [r] = await t.db.insert(flowRuns).values({
          ticketId,
          flowId: id,
          versionId: v.id,
          trigger: "phrase",
          status,
          startedAt: at,
          endNode: status === "running" ? null : nodes.at(-1),
        }).returning();
        for (const n of nodes) {
          await t.db.insert(flowSteps).values({
            runId: r.id,
            flowId: id,
            node: n,
            nodeType: "message",
            at,
          });
        }
      };
      await run(day, "done", ["1", "m"]);
      await run(2 * day, "stopped", ["1"]);
      await run(3 * day, "failed", ["1", "m"]);
      await run(3 * day, "running", ["1", "m"]);
      await run(40 * day, "done", ["1", "m"]);
    });
    const r = await s.call(`/flowbuilder/${id}/stats`, { token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual([r.body.days, r.body.runs], [30, 4]);
    const byNode = Object.fromEntries(r.body.nodes.map((n: { nodeId: string }) => [n.nodeId, n]));
    assert.deepEqual(byNode["1"], {
      nodeId: "1",
      reached: 4,
      ended: 1,
      done: 0,
      stopped: 1,
      failed: 0,
    });
    assert.deepEqual(byNode["m"], {
      nodeId: "m",
      reached: 3,
      ended: 2,
      done: 1,
      stopped: 0,
      failed: 1,
    });
    const longer = await s.call(`/flowbuilder/${id}/stats?days=60`, { token });
    assert.equal(longer.body.runs, 5);
    assert.equal((await s.call(`/flowbuilder/${id}/stats?days=0`, { token })).status, 400);
    assert.equal((await s.call(`/flowbuilder/999/stats`, { token })).status, 404);

    // The window's runs by their index, each run's steps by theirs.
    const plan = await s.deps.registry.with(1, async (t) =>
      (await t.client.execute({
        sql:
          `EXPLAIN QUERY PLAN SELECT s.node, count(DISTINCT s.run_id) FROM flow_runs r JOIN flow_steps s ON s.run_id = r.id
              WHERE r.flow_id = ? AND r.started_at >= ? GROUP BY s.node`,
        args: [id, "2026-01-01"],
      })).rows.map((row) => String(row.detail)).join("\n"));
    assert.match(plan, /flow_runs_flow_started_idx/);
    assert.match(plan, /flow_steps_run_idx/);
  });
});

Deno.test("flows: agents are refused, and one company never reaches another's flows", async () => {
  await withServer(async (s, token) => {
    const id = await newFlow(s, token, "Só nosso");
    await save(s, token, id, hello());
    const agent = await s.call("/users", {
      token,
      body: { name: "Agente", email: "agente@example.com", password: "abcde1", profile: "user" },
    });
    assert.equal(agent.status, 201);
    const user = (await s.login("agente@example.com", "abcde1")).token;
    for (
      const [path, method, body] of [
        ["/flowbuilder", "GET", undefined],
        ["/flowbuilder", "POST", { name: "Meu" }],
        [`/flowbuilder/flow/${id}`, "GET", undefined],
        ["/flowbuilder/flow", "POST", { idFlow: id, ...hello() }],
        [`/flowbuilder/${id}`, "DELETE", undefined],
      ] as const
    ) {
      const r = await s.call(path, { token: user, method, body });
      assert.deepEqual([r.status, r.body.error], [403, "ERR_NO_PERMISSION"], `${method} ${path}`);
    }

    const co = await newCompany(s, token, "Vizinha");
    const other = (await s.login(co.email, co.password)).token;
    assert.deepEqual((await s.call("/flowbuilder", { token: other })).body.flows, []);
    for (
      const [path, method, body] of [
        [`/flowbuilder/flow/${id}`, "GET", undefined],
        ["/flowbuilder/flow", "POST", { idFlow: id, ...hello() }],
        ["/flowbuilder", "PUT", { flowId: id, name: "Roubado" }],
        ["/flowbuilder/duplicate", "POST", { flowId: id }],
        [`/flowbuilder/${id}/stats`, "GET", undefined],
        [`/flowbuilder/${id}`, "DELETE", undefined],
      ] as const
    ) {
      const r = await s.call(path, { token: other, method, body });
      assert.deepEqual([r.status, r.body.error], [404, "ERR_NO_FLOW_FOUND"], `${method} ${path}`);
    }
    // Their own flow with the same name is theirs to have.
    assert.equal(
      (await s.call("/flowbuilder", { token: other, body: { name: "Só nosso" } })).status,
      201,
    );
    const mine = await s.call(`/flowbuilder/flow/${id}`, { token });
    assert.equal(mine.body.flow.name, "Só nosso");
  });
});

Deno.test("flows: each save drops the versions no run walked but the newest two; walked ones stay", async () => {
  await withServer(async (s, token) => {
    const w = await sandboxConnection(s, token);
    const id = await newFlow(s, token, "Muitas versões");
    await save(s, token, id, hello("v1"));
    const inbound = await s.call(`/sandbox/${w.id}/inbound`, {
      token,
      body: { number: "5521977775556", body: "oi" },
    });
    // A past run on version 1 (the runtime's row, written here directly).
    await s.deps.registry.with(1, async (t) => {
      const [v] = await t.db.select().from(flowVersions).where(eq(flowVersions.flowId, id));
      await t.db.insert(flowRuns).values({
        ticketId: inbound.body[0].ticketId,
        flowId: id,
        versionId: v.id,
        trigger: "phrase",
        status: "done",
      });
    });
    for (const text of ["v2", "v3", "v4", "v5"]) {
      assert.equal((await save(s, token, id, hello(text))).status, 200);
    }
    const numbers = await s.deps.registry.with(1, async (t) =>
      (await t.db.select().from(flowVersions).where(eq(flowVersions.flowId, id))).map((v) =>
        v.number
      ));
    assert.deepEqual(numbers, [1, 4, 5]);
    const read = await s.call(`/flowbuilder/flow/${id}`, { token });
    assert.equal(JSON.stringify(read.body.flow.flow).includes("v5"), true);
    const plan = await s.deps.registry.with(1, async (t) =>
      (await t.client.execute({
        sql: "EXPLAIN QUERY PLAN DELETE FROM flow_versions WHERE flow_id = ? AND number > 0 " +
          "AND number < ? AND NOT EXISTS (SELECT 1 FROM flow_runs WHERE version_id = flow_versions.id)",
        args: [id, 4],
      })).rows.map((row) => String(row.detail)).join("\n"));
    assert.match(plan, /flow_versions_flow_number_unique/);
    assert.match(plan, /flow_runs_version_idx/);
  });
});
