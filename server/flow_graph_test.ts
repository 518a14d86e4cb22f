// The flow graph contract (contracts/flowGraph.ts, flowWire.ts, flowCheck.ts): the original
// client's raw React Flow objects read into our document and back, and the one validator
// refusing each kind of graph the runtime could not walk.
import { rawEdge as wire, rawNode as raw } from "./modules/flows/wire_fixtures.ts";
import assert from "node:assert/strict";
import {
  type FlowGraph,
  type FlowNode,
  newNodeId,
  type OpenAiBlock,
  type TypebotBlock,
} from "../contracts/flowGraph.ts";
import { fromWire, toWire } from "../contracts/flowWire.ts";
import { checkFlow, type FlowProblem } from "../contracts/flowCheck.ts";

/** A flow the editor makes with every block the runtime runs. */
function editorFlow() {
  const nodes = [
    raw("1", "start", { label: "Inicio do fluxo" }),
    raw("msg", "message", { label: "Olá {{contact.name}}" }, 40),
    raw("menu", "menu", {
      message: "Escolha",
      arrayOption: [{ number: 1, value: "Vendas" }, { number: 2, value: "Suporte" }],
    }),
    raw("ask", "question", {
      typebotIntegration: { message: "Seu e-mail?", answerKey: "email" },
      answerType: "email",
      noReplyAfter: 300,
    }),
    raw("wait", "interval", { label: "Intervalo 5 seg.", sec: 5 }),
    raw("pic", "img", { url: "a.png" }),
    raw("voice", "audio", { url: "b.ogg", record: true }),
    raw("film", "video", { url: "c.mp4", record: false }),
    raw("seq", "singleBlock", {
      seq: ["message1", "interval1", "img1"],
      elements: [
        { number: "img1", value: "d.png", original: "foto.png" },
        { number: "message1", value: "Veja" },
        { number: "interval1", value: "3" },
      ],
    }),
    raw("if", "condition", { subject: "variable", key: "email", condition: "exists", value: "" }),
    raw("dice", "randomizer", { percent: 30 }),
    raw("desk", "ticket", { data: { id: 7, name: "Vendas" } }),
  ];
  const connections = [
    wire("1", "msg"),
    wire("msg", "menu"),
    wire("menu", "ask", "a1"),
    wire("menu", "wait", "a2"),
    wire("ask", "if", "response"),
    wire("ask", "desk", "noResponse"),
    wire("wait", "pic"),
    wire("pic", "voice"),
    wire("voice", "film"),
    wire("film", "seq"),
    wire("seq", "desk"),
    wire("if", "dice", "true"),
    wire("if", "desk", "false"),
    wire("dice", "desk", "a"),
    wire("dice", "menu", "b"),
  ];
  return { nodes, connections };
}

const codes = (problems: FlowProblem[]) =>
  problems.map((p) => `${p.nodeId}:${p.code}${p.handle ? `:${p.handle}` : ""}`);
const problemsOf = (g: FlowGraph) => codes(checkFlow(g, { queueIds: new Set([7]) }));
const byId = (g: FlowGraph, id: string) => g.nodes.find((n) => n.id === id) as FlowNode;

Deno.test("the original client's raw nodes read into our document, each type's fields in place", () => {
  const { nodes, connections } = editorFlow();
  const g = fromWire(nodes, connections);
  assert.equal(g.nodes.length, 12);
  assert.deepEqual(byId(g, "msg").data, { text: "Olá {{contact.name}}" });
  assert.deepEqual(byId(g, "menu").data, {
    message: "Escolha",
    options: [{ number: 1, value: "Vendas" }, { number: 2, value: "Suporte" }],
  });
  assert.deepEqual(byId(g, "ask").data, {
    message: "Seu e-mail?",
    answerKey: "email",
    answerType: "email",
    noReplyAfter: 300,
  });
  assert.deepEqual(byId(g, "seq"), {
    id: "seq",
    type: "content",
    position: { x: 0, y: 0 },
    data: {
      elements: [
        { type: "message", value: "Veja" },
        { type: "interval", value: "3" },
        { type: "img", value: "d.png", original: "foto.png" },
      ],
    },
  });
  assert.deepEqual(byId(g, "desk").data, { queueId: 7, queueName: "Vendas" });
  assert.deepEqual(byId(g, "if").data, {
    subject: "variable",
    key: "email",
    op: "exists",
    value: "",
  });
  // React Flow's own fields are not kept.
  assert.equal("selected" in byId(g, "1"), false);
  // A one-output block's edge is that output whatever the client named its handle.
  assert.equal(g.edges.find((e) => e.source === "msg")?.sourceHandle, null);
  assert.equal(g.edges.find((e) => e.source === "menu" && e.target === "ask")?.sourceHandle, "a1");
  // A question's outputs by the other names the original engine took.
  const aliased = fromWire(nodes, [
    ...connections.filter((c) => c.source !== "ask"),
    wire("ask", "if", null),
    wire("ask", "desk", "timeout"),
  ]);
  assert.deepEqual(
    aliased.edges.filter((e) => e.source === "ask").map((e) => e.sourceHandle),
    ["response", "noResponse"],
  );
  assert.deepEqual(problemsOf(g), []);
});

Deno.test("our document written in the client's shape reads back the same", () => {
  const { nodes, connections } = editorFlow();
  const g = fromWire(nodes, connections);
  const back = toWire(g);
  assert.equal(back.nodes.find((n) => n.id === "seq")?.type, "singleBlock");
  assert.deepEqual(back.nodes.find((n) => n.id === "ask")?.data.typebotIntegration, {
    message: "Seu e-mail?",
    answerKey: "email",
  });
  assert.deepEqual(fromWire(back.nodes, back.connections), g);
});

Deno.test("a new flow (null), junk and unknown blocks read without throwing", () => {
  assert.deepEqual(fromWire(null, null), { nodes: [], edges: [] });
  assert.deepEqual(codes(checkFlow(fromWire(null, undefined))), ["null:noStart"]);
  const g = fromWire(
    [7, "x", null, { type: "message" }, { id: "z", type: "webhook" }, raw("1", "start", {})],
    [null, 3, { source: "1" }, { source: "1", target: "z" }],
  );
  assert.deepEqual(g.unreadable, [
    { id: null, code: "missingId" },
    { id: null, code: "missingId" },
    { id: null, code: "missingId" },
    { id: null, code: "missingId" },
    { id: "z", code: "unknownType" },
  ]);
  assert.ok(problemsOf(g).includes("z:unknownType"));
  assert.ok(problemsOf(g).includes("1:edgeDangling"));
  // Fields of the wrong kind become empty ones that the checks name.
  const bad = fromWire(
    [raw("1", "start", {}), raw("m", "menu", { message: 5, arrayOption: "no" })],
    [
      wire("1", "m"),
    ],
  );
  assert.deepEqual(problemsOf(bad), ["m:noOptions"]);
});

function graph(nodes: FlowNode[], edges: [string, string, string | null][]): FlowGraph {
  return {
    nodes,
    edges: edges.map(([source, target, sourceHandle]) => ({
      id: `${source}-${target}`,
      source,
      target,
      sourceHandle,
    })),
  };
}
const at = { x: 0, y: 0 };
const start: FlowNode = { id: "1", type: "start", position: at, data: {} };
const say = (id: string, text = "oi"): FlowNode => ({
  id,
  type: "message",
  position: at,
  data: { text },
});
const menu = (id: string, ends?: string[]): FlowNode => ({
  id,
  type: "menu",
  position: at,
  data: { message: "Escolha", options: [{ number: 1, value: "A" }, { number: 2, value: "B" }] },
  ...(ends ? { ends } : {}),
});

Deno.test("one start, with the id 1, leading somewhere", () => {
  assert.deepEqual(problemsOf(graph([say("m")], [])), ["null:noStart"]);
  assert.deepEqual(problemsOf(graph([start, say("m")], [])), ["1:outputUnwired", "m:unreachable"]);
  assert.deepEqual(
    problemsOf(graph([{ ...start, id: "2" }, say("m")], [["2", "m", null]])),
    ["2:startId"],
  );
  assert.deepEqual(
    problemsOf(
      graph([start, { ...start, id: "9" }, say("m")], [["1", "m", null], ["9", "m", null]]),
    ),
    ["9:manyStarts", "9:unreachable"],
  );
  assert.deepEqual(problemsOf(graph([start, say("1")], [["1", "1", null]])), [
    "1:duplicateId",
    "1:edgeIntoStart",
    "1:loopWithoutWait",
  ]);
});

Deno.test("edges join existing blocks by outputs those blocks have, one edge per output", () => {
  const g = graph([start, menu("m", ["a2"]), say("x"), say("y")], [
    ["1", "m", null],
    ["m", "x", "a1"],
    ["m", "y", "a1"],
    ["m", "ghost", "a2"],
    ["x", "1", null],
    ["y", "x", "a7"],
  ]);
  assert.deepEqual(problemsOf(g), [
    "m:outputTwice:a1",
    "m:edgeDangling",
    "1:edgeIntoStart",
    "y:edgeBadHandle:a7",
  ]);
});

Deno.test("every branch is wired or ended on purpose; a plain block may end the flow", () => {
  const dice: FlowNode = { id: "r", type: "randomizer", position: at, data: { percent: 50 } };
  const unwired = graph([start, dice, say("x")], [["1", "r", null], ["r", "x", "a"]]);
  assert.deepEqual(problemsOf(unwired), ["r:outputUnwired:b"]);
  assert.deepEqual(
    problemsOf({ ...unwired, nodes: [start, { ...dice, ends: ["b"] }, say("x")] }),
    [],
  );
  const options = graph([start, menu("m")], [["1", "m", null]]);
  assert.deepEqual(problemsOf(options), ["m:outputUnwired:a1", "m:outputUnwired:a2"]);
  const ask: FlowNode = {
    id: "q",
    type: "question",
    position: at,
    data: { message: "Nome?", answerKey: "nome", noReplyAfter: 60 },
  };
  assert.deepEqual(problemsOf(graph([start, ask], [["1", "q", null]])), [
    "q:outputUnwired:noResponse",
  ]);
  const noWait = { ...ask, data: { message: "Nome?", answerKey: "nome" } };
  assert.deepEqual(problemsOf(graph([start, noWait], [["1", "q", null]])), []);
});

Deno.test("a block nothing leads to is refused", () => {
  assert.deepEqual(problemsOf(graph([start, say("a"), say("b")], [["1", "a", null]])), [
    "b:unreachable",
  ]);
});

Deno.test("a loop must pass a block that waits for the customer", () => {
  const wait: FlowNode = { id: "w", type: "interval", position: at, data: { sec: 5 } };
  const spin = graph([start, say("a"), wait], [["1", "a", null], ["a", "w", null], [
    "w",
    "a",
    null,
  ]]);
  assert.deepEqual(problemsOf(spin), ["a:loopWithoutWait"]);
  const ask = graph([start, say("a"), menu("m", ["a2"])], [
    ["1", "a", null],
    ["a", "m", null],
    ["m", "a", "a1"],
  ]);
  assert.deepEqual(problemsOf(ask), []);
});

Deno.test("each block's fields are usable by the runtime", () => {
  const cases: [FlowNode, string[]][] = [
    [say("b", "  "), ["emptyMessage"]],
    [{ id: "b", type: "menu", position: at, data: { message: "", options: [] } }, [
      "emptyMessage",
      "noOptions",
    ]],
    [{
      id: "b",
      type: "menu",
      position: at,
      data: { message: "x", options: [{ number: 1, value: " " }, { number: 1, value: "y" }] },
      ends: ["a1"],
    }, ["emptyOption", "badOptionNumber"]],
    [{
      id: "b",
      type: "question",
      position: at,
      data: { message: "x", answerKey: "two words", answerType: "cpf" as never },
    }, ["badAnswerKey", "badAnswerType"]],
    [{
      id: "b",
      type: "question",
      position: at,
      data: { message: "x", answerKey: "k", noReplyAfter: 0 },
    }, [
      "badNoReply",
    ]],
    [{ id: "b", type: "interval", position: at, data: { sec: 0 } }, ["badInterval"]],
    [{ id: "b", type: "interval", position: at, data: { sec: 121 } }, ["badInterval"]],
    [{ id: "b", type: "img", position: at, data: { url: "" } }, ["emptyMedia"]],
    [{ id: "b", type: "content", position: at, data: { elements: [] } }, ["emptyContent"]],
    [{
      id: "b",
      type: "content",
      position: at,
      data: {
        elements: [
          { type: "message", value: "" },
          { type: "interval", value: "0" },
          { type: "video", value: "" },
        ],
      },
    }, ["emptyMessage", "badInterval", "emptyMedia"]],
    [{
      id: "b",
      type: "condition",
      position: at,
      data: { subject: "field", key: "", op: "equals", value: "x" },
      ends: ["true", "false"],
    }, ["badCondition"]],
    [{ id: "b", type: "randomizer", position: at, data: { percent: 101 }, ends: ["a", "b"] }, [
      "badPercent",
    ]],
    [{ id: "b", type: "ticket", position: at, data: { queueId: null } }, ["noQueue"]],
    [{ id: "b", type: "ticket", position: at, data: { queueId: 99 } }, ["queueGone"]],
    [{ id: "b", type: "typebot", position: at, data: typebotBlock() }, []],
    [{
      id: "b",
      type: "typebot",
      position: at,
      data: typebotBlock({
        url: "ftp://typebot.local",
        typebotSlug: " ",
        typebotExpires: -1,
        typebotDelayMessage: 60_001,
      }),
    }, ["badUrl", "emptySlug", "badExpires", "badDelay"]],
    [{ id: "b", type: "openai", position: at, data: openAiBlock() }, []],
    [{
      id: "b",
      type: "openai",
      position: at,
      data: openAiBlock({ baseUrl: "http://127.0.0.1:11434/v1", apiKey: "" }),
    }, []],
    [{
      id: "b",
      type: "openai",
      position: at,
      data: openAiBlock({
        name: "",
        prompt: " ",
        model: "",
        maxTokens: 0,
        temperature: 2.5,
        maxMessages: 101,
        apiKey: "",
        queueId: null,
      }),
    }, [
      "emptyName",
      "emptyPrompt",
      "emptyModel",
      "badMaxTokens",
      "badTemperature",
      "badMaxMessages",
      "noApiKey",
      "noQueue",
    ]],
    [{
      id: "b",
      type: "openai",
      position: at,
      data: openAiBlock({ baseUrl: "javascript:x", queueId: 99 }),
    }, [
      "badUrl",
      "queueGone",
    ]],
  ];
  for (const [node, expected] of cases) {
    const found: string[] = checkFlow(graph([start, node], [["1", "b", null]]), {
      queueIds: new Set([7]),
    })
      .filter((p) => p.nodeId === "b").map((p) => p.code);
    assert.deepEqual(found, expected, `${node.type} ${JSON.stringify(node.data)}`);
  }
});

function openAiBlock(patch: Partial<OpenAiBlock> = {}): OpenAiBlock {
  return {
    name: "Assistente",
    prompt: "Você atende a loja.",
    baseUrl: "",
    model: "gpt-4o-mini",
    apiKey: "sk-test",
    maxTokens: 100,
    temperature: 1,
    maxMessages: 10,
    queueId: 7,
    voice: "",
    voiceKey: "",
    voiceRegion: "",
    ...patch,
  };
}

function typebotBlock(patch: Partial<TypebotBlock> = {}): TypebotBlock {
  return {
    url: "https://typebot.local",
    typebotSlug: "atendimento",
    typebotExpires: 1,
    typebotDelayMessage: 1000,
    typebotKeywordFinish: "sair",
    typebotKeywordRestart: "reiniciar",
    typebotRestartMessage: "Recomeçando",
    typebotUnknownMessage: "Não entendi",
    ...patch,
  };
}

Deno.test("the original client's OpenAI and TypeBot blocks read from data.typebotIntegration, with the spec's defaults, and are written back there", () => {
  const graph = fromWire([
    raw("1", "start", {}),
    raw("ai", "openai", {
      typebotIntegration: {
        name: "Lia",
        prompt: "Você é a Lia.",
        voice: "texto",
        voiceKey: "",
        voiceRegion: "",
        apiKey: "sk-x",
        queueId: "7",
      },
    }),
    raw("tb", "typebot", {
      typebotIntegration: { urlN8N: "https://typebot.local", typebotSlug: "atendimento" },
    }),
  ], [wire("1", "ai")]);
  assert.deepEqual(graph.nodes[1].data, {
    name: "Lia",
    prompt: "Você é a Lia.",
    baseUrl: "",
    model: "gpt-3.5-turbo-1106",
    apiKey: "sk-x",
    maxTokens: 100,
    temperature: 1,
    maxMessages: 10,
    queueId: 7,
    voice: "",
    voiceKey: "",
    voiceRegion: "",
  });
  assert.deepEqual(graph.nodes[2].data, {
    url: "https://typebot.local",
    typebotSlug: "atendimento",
    typebotExpires: 1,
    typebotDelayMessage: 1000,
    typebotKeywordFinish: "",
    typebotKeywordRestart: "",
    typebotRestartMessage: "",
    typebotUnknownMessage: "",
  });
  const out = toWire(graph);
  assert.equal((out.nodes[1].data.typebotIntegration as OpenAiBlock).name, "Lia");
  assert.equal(
    (out.nodes[2].data.typebotIntegration as Record<string, unknown>).urlN8N,
    "https://typebot.local",
  );
  assert.deepEqual(fromWire(out.nodes, out.connections), graph);
  // The OpenAI block ends the graph (its agent hands over or closes); the typebot is out of reach.
  assert.deepEqual(codes(checkFlow(graph, { queueIds: new Set([7]) })), ["tb:unreachable"]);
});

Deno.test("a graph past the size limit is refused before it is walked", () => {
  const many = Array.from({ length: 501 }, (_, i) => say(`n${i}`));
  assert.deepEqual(problemsOf(graph([start, ...many], [])), ["null:tooLarge"]);
});

Deno.test("a new block's id is 30 letters and digits", () => {
  const id = newNodeId();
  assert.match(id, /^[A-Za-z0-9]{30}$/);
  assert.notEqual(newNodeId(), id);
});
