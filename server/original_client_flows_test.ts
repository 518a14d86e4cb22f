// The original product's browser client (seed 002 "Flow builder" and "Flow campaigns") as a
// client of ours: its pages' calls in the order it makes them, its bodies as React Flow
// leaves them, and the fields it reads from the answers.
import assert from "node:assert/strict";
import { ADMIN, PNG, sandboxConnection, startTestServer } from "./testing.ts";
import { queues } from "../db/tenant/schema.ts";

// React Flow's node as the editor holds it when Salvar is pressed.
const rfNode = (
  id: string,
  type: string,
  data: Record<string, unknown>,
  x: number,
  selected = false,
) => ({
  id,
  type,
  data,
  position: { x, y: 120 },
  positionAbsolute: { x, y: 120 },
  width: 250,
  height: 90,
  selected,
  dragging: selected,
  style: { backgroundColor: "#13111C", padding: 1, borderRadius: 8 },
});
const rfEdge = (source: string, target: string, sourceHandle: string) => ({
  source,
  sourceHandle,
  target,
  targetHandle: null,
  type: "buttonedge",
  id: `reactflow__edge-${source}${sourceHandle}-${target}null`,
  animated: true,
  style: { stroke: "#0000FF", strokeWidth: "6px" },
});

Deno.test("original client: the flow list, the editor's load and Salvar, its uploads, duplicate, the phrase campaigns and the connection's flows", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const [queue] = await s.deps.registry.with(
      1,
      (t) => t.db.insert(queues).values({ name: "Vendas", color: "#ff0000" }).returning(),
    );
    const w = await sandboxConnection(s, token);

    // FlowBuilder list page: the name dialog posts {name}; the list reads flows and hasMore.
    const created = await s.call("/flowbuilder", { token, body: { name: "Atendimento" } });
    assert.equal(created.status, 201);
    const idFlow = created.body.id as number;
    const listed = await s.call("/flowbuilder", { token });
    assert.deepEqual([
      listed.body.flows[0].id,
      listed.body.flows[0].name,
      listed.body.flows[0].active,
      listed.body.hasMore,
    ], [idFlow, "Atendimento", true, false]);

    // The editor loads response.data.flow.flow: null for a new flow (it then draws the start block).
    const fresh = await s.call(`/flowbuilder/flow/${idFlow}`, { token });
    assert.equal(fresh.body.flow.flow, null);

    // Its image dialog: medias (compressed), body (the name), fromMe; it keeps res.data.name.
    const img = new FormData();
    img.append("medias", new File([PNG], "banner.png", { type: "image/png" }));
    img.append("body", "banner.png");
    img.append("fromMe", "true");
    const uploaded = await s.call("/flowbuilder/img", { token, form: img });
    assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
    const imageName = uploaded.body.name as string;
    assert.equal(
      await fetch(`${s.url}/public/${imageName}`).then(async (
        r,
      ) => (await r.body?.cancel(), r.status)),
      200,
      "shown from {host}/public/{url}",
    );
    // Its content dialog: every file of the block in one post, names back in order.
    const content = new FormData();
    content.append("medias", new File([PNG], "produto.png", { type: "image/png" }));
    const contentNames = (await s.call("/flowbuilder/content", { token, form: content }))
      .body as string[];
    assert.equal(contentNames.length, 1);

    // Salvar: {idFlow, nodes, connections} straight from React Flow.
    const nodes = [
      rfNode("1", "start", { label: "Inicio do fluxo" }, 0),
      rfNode("aBcDeFgHiJkLmNoPqRsTuVwXyZ0123", "message", { label: "Olá! Bem-vindo." }, 40),
      rfNode(
        "menu000000000000000000000000001",
        "menu",
        {
          message: "Como podemos ajudar?",
          arrayOption: [{ number: 1, value: "Comprar" }, { number: 2, value: "Falar com alguém" }],
        },
        280,
        true,
      ),
      rfNode("img0000000000000000000000000001", "img", { url: imageName }, 520),
      rfNode("seq0000000000000000000000000001", "singleBlock", {
        seq: ["message1", "interval1", "img1"],
        elements: [
          { number: "message1", value: "Veja nosso produto", type: "message" },
          { number: "interval1", value: "2", type: "interval" },
          { number: "img1", value: contentNames[0], original: "produto.png", type: "img" },
        ],
      }, 760),
      rfNode("ask0000000000000000000000000001", "question", {
        typebotIntegration: { message: "Qual seu nome?", answerKey: "nome" },
      }, 1000),
      rfNode("tkt0000000000000000000000000001", "ticket", {
        data: { id: queue.id, name: "Vendas", color: "#ff0000" },
      }, 1240),
    ];
    const connections = [
      rfEdge("1", "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123", "a"),
      rfEdge("aBcDeFgHiJkLmNoPqRsTuVwXyZ0123", "menu000000000000000000000000001", "a"),
      rfEdge("menu000000000000000000000000001", "img0000000000000000000000000001", "a1"),
      rfEdge("menu000000000000000000000000001", "ask0000000000000000000000000001", "a2"),
      rfEdge("img0000000000000000000000000001", "seq0000000000000000000000000001", "a"),
      rfEdge("seq0000000000000000000000000001", "tkt0000000000000000000000000001", "a"),
      rfEdge("ask0000000000000000000000000001", "tkt0000000000000000000000000001", "response"),
    ];
    const saved = await s.call("/flowbuilder/flow", {
      token,
      body: { idFlow, nodes, connections },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.version, 1);

    // Reloaded: the same blocks, in the client's shape (the question's answer key is what it stores locally).
    const loaded = (await s.call(`/flowbuilder/flow/${idFlow}`, { token })).body.flow.flow;
    assert.deepEqual(loaded.nodes.map((n: { id: string }) => n.id), nodes.map((n) => n.id));
    const byId = Object.fromEntries(loaded.nodes.map((n: { id: string }) => [n.id, n]));
    assert.deepEqual(byId["menu000000000000000000000000001"].data.arrayOption, [{
      number: 1,
      value: "Comprar",
    }, { number: 2, value: "Falar com alguém" }]);
    assert.equal(byId["ask0000000000000000000000000001"].data.typebotIntegration.answerKey, "nome");
    assert.equal(byId["seq0000000000000000000000000001"].type, "singleBlock");
    assert.deepEqual(byId["seq0000000000000000000000000001"].data.seq, [
      "message1",
      "interval1",
      "img1",
    ]);
    assert.deepEqual(byId["tkt0000000000000000000000000001"].data.data, {
      id: queue.id,
      name: "Vendas",
    });
    assert.equal(loaded.connections.length, connections.length);

    // Row menu: edit name ({flowId, name}) and duplicate ({flowId}).
    const renamed = await s.call("/flowbuilder", {
      token,
      method: "PUT",
      body: { name: "Atendimento geral", flowId: idFlow },
    });
    assert.equal(renamed.body.name, "Atendimento geral");
    const copy = await s.call("/flowbuilder/duplicate", { token, body: { flowId: idFlow } });
    assert.deepEqual([copy.body.name, copy.body.version], ["Atendimento geral (cópia)", 1]);

    // Phrase campaigns: the dialog's create and edit, the list's flow and the dialog's details.
    const phrase = await s.call("/flowcampaign", {
      token,
      body: { name: "Promo", flowId: idFlow, whatsappId: w.id, phrase: "promo" },
    });
    assert.equal(phrase.status, 201);
    const edit = await s.call("/flowcampaign", {
      token,
      method: "PUT",
      body: {
        id: phrase.body.id,
        name: "Promo",
        flowId: idFlow,
        whatsappId: w.id,
        phrase: "promoção",
        status: false,
      },
    });
    assert.equal(edit.status, 200);
    assert.deepEqual(
      (await s.call("/flowcampaign", { token })).body.flow.map((
        c: { name: string; status: boolean },
      ) => [c.name, c.status]),
      [["Promo", false]],
    );
    assert.equal(
      (await s.call(`/flowcampaign/${phrase.body.id}`, { token })).body.details.phrase,
      "promoção",
    );

    // The connection dialog's welcome and not-phrase flows.
    const conn = await s.call(`/whatsapp/${w.id}`, {
      token,
      method: "PUT",
      body: { flowIdWelcome: copy.body.id, flowIdNotPhrase: "" },
    });
    assert.deepEqual([conn.body.flowIdWelcome, conn.body.flowIdNotPhrase], [copy.body.id, null]);

    // Deleting a flow in use is refused with the reason (the dialog warns of it); once free it goes.
    const refused = await s.call(`/flowbuilder/${idFlow}`, { token, method: "DELETE" });
    assert.deepEqual([refused.status, refused.body.error], [409, "ERR_FLOW_USED_BY_CAMPAIGN"]);
    assert.equal(
      (await s.call(`/flowcampaign/${phrase.body.id}`, { token, method: "DELETE" })).status,
      204,
    );
    assert.equal((await s.call(`/flowbuilder/${idFlow}`, { token, method: "DELETE" })).status, 204);
    assert.equal(
      (await s.call(`/flowbuilder/${copy.body.id}`, { token, method: "DELETE" })).body.error,
      "ERR_FLOW_USED_BY_CONNECTION",
    );
  } finally {
    await s.stop();
  }
});
