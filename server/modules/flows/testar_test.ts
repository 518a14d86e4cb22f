// POST /flowbuilder/{id}/test (the editor's Testar): the draft or the published version
// played against a sandbox phone, the run walked by the phone's messages, the draft kept
// unpublished, the refusals, company isolation, and the run's block events (real server,
// real SQLite, the sandbox provider).
import { rawEdge as edge, rawNode as node } from "./wire_fixtures.ts";
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import {
  ADMIN,
  listen,
  newCompany,
  sandboxConnection,
  startTestServer,
  type TestServer,
  waitFor,
} from "../../testing.ts";
import { flowRuns, flows, flowVersions } from "../../../db/tenant/flows.ts";
import { whatsapps } from "../../../db/tenant/schema.ts";
import { companyEvent, FLOW_RUN_EVENT, type FlowRunEvent } from "../../../contracts/realtime.ts";

async function withServer(fn: (s: TestServer, token: string) => Promise<void>) {
  const s = await startTestServer();
  try {
    await fn(s, (await s.login(ADMIN.email, ADMIN.password)).token);
  } finally {
    await s.stop();
  }
}

const hello = {
  nodes: [node("1", "start", {}), node("m", "message", { label: "Olá, publicado!" }, 240)],
  connections: [edge("1", "m")],
};
/** Start -> menu (1: A, 2: B), each option to its message. */
const menu = {
  nodes: [
    node("1", "start", {}),
    node("menu", "menu", {
      message: "Escolha uma opção",
      arrayOption: [{ number: 1, value: "A" }, { number: 2, value: "B" }],
    }),
    node("a", "message", { label: "Você escolheu A" }),
    node("b", "message", { label: "Você escolheu B" }),
  ],
  connections: [edge("1", "menu"), edge("menu", "a", "a1"), edge("menu", "b", "a2")],
};

const CUSTOMER = "5521977770001";

async function newFlow(s: TestServer, token: string, name: string) {
  const r = await s.call("/flowbuilder", { token, body: { name } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.id as number;
}

/** Whether the customer's phone received a message containing `text`. */
const phoneHas = async (s: TestServer, token: string, w: number, text: string) =>
  ((await s.call(`/sandbox/${w}/outbox?number=${CUSTOMER}`, { token })).body.records as {
    body: string;
  }[]).some((m) => m.body.includes(text));

const db = <T>(s: TestServer, fn: Parameters<TestServer["deps"]["registry"]["with"]>[1]) =>
  s.deps.registry.with(1, fn) as Promise<T>;

Deno.test("testar: the draft runs as an unpublished version and the phone's answers walk it; the published version stays the flow's", async () => {
  await withServer(async (s, token) => {
    const w = await sandboxConnection(s, token);
    const id = await newFlow(s, token, "Recepção");
    assert.equal(
      (await s.call("/flowbuilder/flow", { token, body: { idFlow: id, ...hello } })).status,
      200,
    );
    const events = listen(s, 1);

    const r = await s.call(`/flowbuilder/${id}/test`, {
      token,
      body: { whatsappId: w.id, number: CUSTOMER, name: "Cliente Teste", draft: menu },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.draft, true);
    assert.match(r.body.ticketUuid, /^[0-9a-f-]{36}$/);
    await waitFor(() => phoneHas(s, token, w.id, "Escolha uma opção"), 5000, "menu");

    const rows = await db<
      { flow: typeof flows.$inferSelect; versions: (typeof flowVersions.$inferSelect)[] }
    >(
      s,
      async (t) => ({
        flow: (await t.db.select().from(flows).where(eq(flows.id, id)))[0],
        versions: await t.db.select().from(flowVersions).where(eq(flowVersions.flowId, id)),
      }),
    );
    const draft = rows.versions.find((v) => v.id === r.body.versionId)!;
    assert.deepEqual([draft.published, draft.number], [false, -1]);
    assert.equal(rows.flow.lastVersion, 1, "the visible version number counts saves only");
    assert.notEqual(rows.flow.publishedVersionId, draft.id);
    const listed = await s.call("/flowbuilder", { token });
    assert.equal(listed.body.flows[0].version, 1);
    const read = await s.call(`/flowbuilder/flow/${id}`, { token });
    assert.equal(
      JSON.stringify(read.body.flow.flow).includes("Olá, publicado!"),
      true,
      "the editor still reads the saved version",
    );

    // The customer answers from the phone, as any customer.
    const answer = await s.call(`/sandbox/${w.id}/inbound`, {
      token,
      body: { number: CUSTOMER, body: "2" },
    });
    assert.equal(answer.status, 201);
    await waitFor(() => phoneHas(s, token, w.id, "Você escolheu B"), 5000, "B");
    await s.deps.inbox.settled();
    const [run] = await db<(typeof flowRuns.$inferSelect)[]>(
      s,
      (t) => t.db.select().from(flowRuns).where(eq(flowRuns.id, r.body.runId)),
    );
    assert.deepEqual([run.trigger, run.status, run.endNode, run.versionId, run.ticketId], [
      "test",
      "done",
      "b",
      draft.id,
      r.body.ticketId,
    ]);
    assert.equal(
      answer.body[0].ticketId,
      r.body.ticketId,
      "the phone writes in the ticket the test started",
    );

    const stats = await s.call(`/flowbuilder/${id}/stats`, { token });
    assert.deepEqual(
      [stats.body.runs, stats.body.nodes],
      [0, []],
      "a test is not a customer dropping off",
    );

    // The run's blocks, as the editor's highlight hears them.
    const seen = events.events.filter((e) => e.event === companyEvent(1, FLOW_RUN_EVENT))
      .map((e) => e.data as FlowRunEvent);
    assert.deepEqual(seen.map((e) => `${e.node}:${e.status}`), [
      "1:running",
      "menu:running",
      "menu:running",
      "b:running",
      "b:done",
    ]);
    assert.ok(
      seen.every((e) => e.runId === run.id && e.flowId === id && e.ticketId === run.ticketId),
    );

    // Without a draft: the published version, in the same ticket; the new run ends the old.
    const again = await s.call(`/flowbuilder/${id}/test`, {
      token,
      body: { whatsappId: w.id, number: CUSTOMER },
    });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.deepEqual([again.body.draft, again.body.versionId, again.body.ticketId], [
      false,
      rows.flow.publishedVersionId,
      r.body.ticketId,
    ]);
    await waitFor(() => phoneHas(s, token, w.id, "Olá, publicado!"), 5000, "published");
    // A second draft takes the next number down; the flow still publishes only what is saved.
    const second = await s.call(`/flowbuilder/${id}/test`, {
      token,
      body: { whatsappId: w.id, number: "5521977770002", draft: menu },
    });
    assert.equal(second.status, 201);
    const saved = await s.call("/flowbuilder/flow", { token, body: { idFlow: id, ...hello } });
    assert.equal(saved.body.version, 2);
    const numbers = await db<{ number: number; published: boolean }[]>(
      s,
      (t) =>
        t.db.select({ number: flowVersions.number, published: flowVersions.published })
          .from(flowVersions).where(eq(flowVersions.flowId, id)).orderBy(flowVersions.number),
    );
    assert.deepEqual(numbers.map((v) => `${v.number}:${v.published}`), [
      "-2:false",
      "-1:false",
      "1:true",
      "2:true",
    ]);
    events.stop();
  });
});

Deno.test("testar: a ticket a person holds goes back to the bot, and the program it ran ends", async () => {
  await withServer(async (s, token) => {
    const w = await sandboxConnection(s, token);
    const id = await newFlow(s, token, "Retomada");
    const first = await s.call(`/flowbuilder/${id}/test`, {
      token,
      body: { whatsappId: w.id, number: CUSTOMER, draft: menu },
    });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    await s.deps.inbox.settled();
    const accepted = await s.call(`/tickets/${first.body.ticketId}`, {
      token,
      method: "PUT",
      body: { status: "open", userId: 1 },
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const r = await s.call(`/flowbuilder/${id}/test`, {
      token,
      body: { whatsappId: w.id, number: CUSTOMER, draft: menu },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const ticket = await s.call(`/tickets/${r.body.ticketId}`, { token });
    assert.deepEqual([ticket.body.status, ticket.body.userId, ticket.body.chatbot], [
      "pending",
      null,
      true,
    ]);
    await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: CUSTOMER, body: "1" } });
    await waitFor(() => phoneHas(s, token, w.id, "Você escolheu A"), 5000, "A");
    const runs = await db<(typeof flowRuns.$inferSelect)[]>(
      s,
      (t) => t.db.select().from(flowRuns).where(eq(flowRuns.flowId, id)).orderBy(flowRuns.id),
    );
    assert.deepEqual(runs.map((x) => x.status), ["stopped", "done"]);
  });
});

Deno.test("testar: a stop word from the phone ends the test's run, and the highlight hears it", async () => {
  await withServer(async (s, token) => {
    const w = await sandboxConnection(s, token);
    const id = await newFlow(s, token, "Saída");
    const events = listen(s, 1);
    const r = await s.call(`/flowbuilder/${id}/test`, {
      token,
      body: { whatsappId: w.id, number: CUSTOMER, draft: menu },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: CUSTOMER, body: "sair" } });
    await s.deps.inbox.settled();
    const last = events.events.filter((e) => e.event === companyEvent(1, FLOW_RUN_EVENT)).at(-1)
      ?.data as FlowRunEvent;
    assert.deepEqual(last, {
      runId: r.body.runId,
      flowId: id,
      ticketId: r.body.ticketId,
      node: "menu",
      status: "stopped",
    });
    events.stop();
  });
});

Deno.test("testar: refused for another provider, a never-saved flow without a draft, a broken draft, other companies and agents", async () => {
  await withServer(async (s, token) => {
    const w = await sandboxConnection(s, token);
    const id = await newFlow(s, token, "Nunca salvo");
    const test = (body: Record<string, unknown>, flowId = id, as = token) =>
      s.call(`/flowbuilder/${flowId}/test`, { token: as, body });

    const real = await db<number>(s, async (t) => {
      const [row] = await t.db.insert(whatsapps).values({ name: "Real", provider: "baileys" })
        .returning();
      return row.id;
    });
    const other = await test({ whatsappId: real, number: CUSTOMER, draft: menu });
    assert.deepEqual([other.status, other.body.error], [400, "ERR_NOT_SANDBOX"]);
    const unpublished = await test({ whatsappId: w.id, number: CUSTOMER });
    assert.deepEqual([unpublished.status, unpublished.body.error], [409, "ERR_FLOW_NOT_PUBLISHED"]);
    const broken = await test({
      whatsappId: w.id,
      number: CUSTOMER,
      draft: { nodes: menu.nodes, connections: [edge("1", "menu"), edge("menu", "a", "a1")] },
    });
    assert.deepEqual([broken.status, broken.body.error], [400, "ERR_FLOW_INVALID"]);
    assert.deepEqual(
      broken.body.problems.map((p: { nodeId: string; code: string }) => `${p.nodeId}:${p.code}`)
        .sort(),
      [
        "b:unreachable",
        "menu:outputUnwired",
      ],
    );
    const badNumber = await test({ whatsappId: w.id, number: "12", draft: menu });
    assert.deepEqual([badNumber.status, badNumber.body.field], [400, "number"]);
    const missing = await test({ whatsappId: w.id, number: CUSTOMER, draft: menu }, 999);
    assert.deepEqual([missing.status, missing.body.error], [404, "ERR_NO_FLOW_FOUND"]);
    const versions = await db<unknown[]>(s, (t) => t.db.select().from(flowVersions));
    assert.equal(versions.length, 0, "nothing written for a refused test");

    const co = await newCompany(s, token, "Vizinha");
    const theirs = (await s.login(co.email, co.password)).token;
    const crossFlow = await test({ whatsappId: w.id, number: CUSTOMER, draft: menu }, id, theirs);
    assert.equal(crossFlow.status, 404, "another company's connection and flow are not found");
    await s.call("/users", {
      token,
      body: { name: "Agente", email: "agente@example.com", password: "secret12", profile: "user" },
    });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    assert.equal(
      (await test({ whatsappId: w.id, number: CUSTOMER, draft: menu }, id, agent)).status,
      403,
    );
    const runs = await db<unknown[]>(s, (t) => t.db.select().from(flowRuns));
    assert.equal(runs.length, 0);
  });
});

Deno.test("testar: a person accepting the ticket, or closing it, ends the run and the highlight hears it", async () => {
  await withServer(async (s, token) => {
    const w = await sandboxConnection(s, token);
    const id = await newFlow(s, token, "Assumido");
    const events = listen(s, 1);
    const lastRun = () =>
      events.events.filter((e) => e.event === companyEvent(1, FLOW_RUN_EVENT)).at(-1)
        ?.data as FlowRunEvent;
    const play = async () => {
      const r = await s.call(`/flowbuilder/${id}/test`, {
        token,
        body: { whatsappId: w.id, number: CUSTOMER, draft: menu },
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      await s.deps.inbox.settled();
      return { runId: r.body.runId as number, ticketId: r.body.ticketId as number };
    };
    const first = await play();
    await s.call(`/tickets/${first.ticketId}`, {
      token,
      method: "PUT",
      body: { status: "open", userId: 1 },
    });
    await waitFor(() => lastRun()?.status === "stopped", 3000, "the accepted run's end");
    assert.deepEqual(lastRun(), { ...first, flowId: id, node: "menu", status: "stopped" });

    const second = await play();
    await s.call(`/tickets/${second.ticketId}`, {
      token,
      method: "PUT",
      body: { status: "closed" },
    });
    await waitFor(
      () => lastRun()?.runId === second.runId && lastRun().status === "stopped",
      3000,
      "the closed run's end",
    );
    assert.deepEqual(lastRun(), { ...second, flowId: id, node: "menu", status: "stopped" });
    events.stop();
  });
});

Deno.test("testar: a supervisor tests a flow and plays its customer on the sandbox phone; an agent may not, and only an admin changes the simulated WhatsApp", async () => {
  await withServer(async (s, token) => {
    const w = await sandboxConnection(s, token);
    const id = await newFlow(s, token, "Do supervisor");
    const user = (email: string, profile: string) =>
      s.call("/users", { token, body: { name: profile, email, password: "secret12", profile } });
    await user("super@example.com", "supervisor");
    await user("agente@example.com", "user");
    const supervisor = (await s.login("super@example.com", "secret12")).token;
    const agent = (await s.login("agente@example.com", "secret12")).token;

    const r = await s.call(`/flowbuilder/${id}/test`, {
      token: supervisor,
      body: { whatsappId: w.id, number: CUSTOMER, draft: menu },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    await waitFor(() => phoneHas(s, supervisor, w.id, "Escolha uma opção"), 5000, "menu");
    const typed = await s.call(`/sandbox/${w.id}/inbound`, {
      token: supervisor,
      body: { number: CUSTOMER, body: "1" },
    });
    assert.equal(typed.status, 201, JSON.stringify(typed.body));
    await waitFor(() => phoneHas(s, supervisor, w.id, "Você escolheu A"), 5000, "option A");

    const asAgent = await s.call(`/sandbox/${w.id}/inbound`, {
      token: agent,
      body: { number: CUSTOMER, body: "2" },
    });
    assert.equal(asAgent.status, 403);
    assert.equal((await s.call(`/sandbox/${w.id}/outbox?number=${CUSTOMER}`, { token: agent })).status, 403);
    const restrict = await s.call(`/sandbox/${w.id}/restriction`, {
      token: supervisor,
      body: { active: true },
    });
    assert.equal(restrict.status, 403, "a restriction is the admin's test tool");
    const book = await s.call(`/sandbox/${w.id}/address-book`, {
      token: supervisor,
      body: { contacts: [] },
    });
    assert.equal(book.status, 403);
  });
});

Deno.test("testar: drafts no test still walks are dropped but the newest two, with their ended test runs", async () => {
  await withServer(async (s, token) => {
    const w = await sandboxConnection(s, token);
    const id = await newFlow(s, token, "Rascunhos");
    for (let i = 0; i < 4; i++) {
      const r = await s.call(`/flowbuilder/${id}/test`, {
        token,
        body: { whatsappId: w.id, number: CUSTOMER, draft: menu },
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    }
    const left = await db<{ numbers: number[]; runs: string[] }>(s, async (t) => {
      const versions = await t.db.select().from(flowVersions).where(eq(flowVersions.flowId, id));
      const byId = new Map(versions.map((v) => [v.id, v.number]));
      return {
        numbers: versions.map((v) => v.number).sort((a, b) => a - b),
        runs: (await t.db.select().from(flowRuns)).map((r) =>
          `${byId.get(r.versionId)}:${r.status}`
        ),
      };
    });
    assert.deepEqual(left.numbers, [-4, -3]);
    assert.deepEqual(left.runs.sort(), ["-3:stopped", "-4:running"]);
  });
});
