// The one validator of a flow's graph, run by the editor before Salvar and by the server
// before a version is written: a graph it passes is one the runtime can walk to the end
// without guessing (one start, every branch decided, nothing out of reach, no loop that
// spins without the customer, every block's fields usable). Problems name the block (and
// the output) so the editor can mark it; the web translates codes as flows.problems.<code>.
import {
  ANSWER_TYPES,
  branchOutputs,
  CONDITION_OPS,
  CONDITION_SUBJECTS,
  type ContentElement,
  type FlowGraph,
  type FlowNode,
  INTERVAL_MAX_SECONDS,
  type OpenAiBlock,
  outputsOf,
  START_ID,
  type TypebotBlock,
  waitsForCustomer,
} from "./flowGraph.ts";

export const FLOW_PROBLEM_CODES = [
  "unknownType",
  "missingId",
  "duplicateId",
  "noStart",
  "manyStarts",
  "startId",
  "edgeDangling",
  "edgeBadHandle",
  "edgeIntoStart",
  "outputTwice",
  "outputUnwired",
  "unreachable",
  "loopWithoutWait",
  "emptyMessage",
  "noOptions",
  "emptyOption",
  "badOptionNumber",
  "badAnswerKey",
  "badAnswerType",
  "badNoReply",
  "badInterval",
  "emptyMedia",
  "emptyContent",
  "badCondition",
  "badPercent",
  "noQueue",
  "queueGone",
  "emptyName",
  "emptyPrompt",
  "emptyModel",
  "badMaxTokens",
  "badTemperature",
  "badMaxMessages",
  "badUrl",
  "noApiKey",
  "emptySlug",
  "badExpires",
  "badDelay",
  "retypeKey",
  "tooLarge",
] as const;
export type FlowProblemCode = typeof FLOW_PROBLEM_CODES[number];

export interface FlowProblem {
  nodeId: string | null;
  code: FlowProblemCode;
  handle?: string;
}

export interface FlowKnown {
  /** The company's queues: a ticket block must move to one of them. */
  queueIds?: ReadonlySet<number>;
}

/** The most blocks a flow may have: the checks walk the graph recursively. */
export const MAX_NODES = 500;
/** A question's longest no-reply wait: 30 days, in seconds. */
export const NO_REPLY_MAX_SECONDS = 30 * 24 * 3600;
/** An answer key is a {{name}} in later messages: letters, digits, _ - . only. */
const ANSWER_KEY = /^[\p{L}\p{N}_.-]{1,50}$/u;

/** The OpenAI and TypeBot blocks' bounds (as the AI agents' and the integrations' forms have them). */
export const AI_BLOCK_LIMITS = {
  name: 100,
  prompt: 20_000,
  model: 100,
  maxTokens: 128_000,
  temperatureMax: 2,
  maxMessages: 100,
  typebotExpiresMax: 43_200,
  typebotDelayMax: 60_000,
} as const;

const blank = (s: string) => s.trim() === "";
const between = (n: number, min: number, max: number) =>
  Number.isInteger(n) && n >= min && n <= max;
/** An http(s) address without credentials in it. */
export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s.trim());
    return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
  } catch {
    return false;
  }
}
const isInterval = (sec: number) => Number.isInteger(sec) && sec > 0 && sec <= INTERVAL_MAX_SECONDS;

function elementProblem(el: ContentElement): FlowProblemCode | null {
  if (el.type === "message") return blank(el.value) ? "emptyMessage" : null;
  if (el.type === "interval") return isInterval(Number(el.value)) ? null : "badInterval";
  return blank(el.value) ? "emptyMedia" : null;
}

/** What is wrong with one block's own fields (its wiring is checked elsewhere). */
function fieldProblems(node: FlowNode, known: FlowKnown): FlowProblemCode[] {
  switch (node.type) {
    case "start":
      return [];
    case "message":
      return blank(node.data.text) ? ["emptyMessage"] : [];
    case "menu": {
      const { message, options } = node.data;
      const numbers = options.map((o) => o.number);
      return [
        ...(blank(message) ? ["emptyMessage" as const] : []),
        ...(options.length === 0 ? ["noOptions" as const] : []),
        ...(options.some((o) => blank(o.value)) ? ["emptyOption" as const] : []),
        ...(numbers.some((n) => !Number.isInteger(n) || n < 1) ||
            new Set(numbers).size !== numbers.length
          ? ["badOptionNumber" as const]
          : []),
      ];
    }
    case "question": {
      const { message, answerKey, answerType, noReplyAfter } = node.data;
      const wait = noReplyAfter;
      return [
        ...(blank(message) ? ["emptyMessage" as const] : []),
        ...(!ANSWER_KEY.test(answerKey) ? ["badAnswerKey" as const] : []),
        ...(answerType !== undefined && !ANSWER_TYPES.includes(answerType)
          ? ["badAnswerType" as const]
          : []),
        ...(wait !== undefined &&
            !(Number.isInteger(wait) && wait > 0 && wait <= NO_REPLY_MAX_SECONDS)
          ? ["badNoReply" as const]
          : []),
      ];
    }
    case "interval":
      return isInterval(node.data.sec) ? [] : ["badInterval"];
    case "img":
    case "audio":
    case "video":
      return blank(node.data.url) ? ["emptyMedia"] : [];
    case "content": {
      const { elements } = node.data;
      if (elements.length === 0) return ["emptyContent"];
      return [...new Set(elements.map(elementProblem).filter((c) => c !== null))];
    }
    case "condition": {
      const { subject, op, key, value } = node.data;
      const ok = CONDITION_SUBJECTS.includes(subject) && CONDITION_OPS.includes(op) &&
        (subject === "hours" || (!blank(key) && (op === "exists" || !blank(value))));
      return ok ? [] : ["badCondition"];
    }
    case "randomizer": {
      const p = node.data.percent;
      return Number.isInteger(p) && p >= 0 && p <= 100 ? [] : ["badPercent"];
    }
    case "ticket": {
      const { queueId } = node.data;
      if (queueId === null) return ["noQueue"];
      return known.queueIds && !known.queueIds.has(queueId) ? ["queueGone"] : [];
    }
    case "openai":
      return openAiProblems(node.data, known);
    case "typebot":
      return typebotProblems(node.data);
  }
}

/** The OpenAI block's field problems (the editor's dialog shows them on their fields). */
export function openAiProblems(d: OpenAiBlock, known: FlowKnown = {}): FlowProblemCode[] {
  const L = AI_BLOCK_LIMITS;
  const out: FlowProblemCode[] = [];
  if (blank(d.name) || d.name.trim().length > L.name) out.push("emptyName");
  if (blank(d.prompt) || d.prompt.length > L.prompt) out.push("emptyPrompt");
  if (blank(d.model) || d.model.length > L.model) out.push("emptyModel");
  if (!between(d.maxTokens, 1, L.maxTokens)) out.push("badMaxTokens");
  if (
    !(Number.isFinite(d.temperature) && d.temperature >= 0 && d.temperature <= L.temperatureMax)
  ) {
    out.push("badTemperature");
  }
  if (!between(d.maxMessages, 1, L.maxMessages)) out.push("badMaxMessages");
  if (!blank(d.baseUrl) && !isHttpUrl(d.baseUrl)) out.push("badUrl");
  // OpenAI always needs a key; a server of one's own (a base URL) may need none.
  if (blank(d.baseUrl) && blank(d.apiKey)) out.push("noApiKey");
  if (d.queueId === null) out.push("noQueue");
  else if (known.queueIds && !known.queueIds.has(d.queueId)) out.push("queueGone");
  return out;
}

/** The TypeBot block's field problems. */
export function typebotProblems(d: TypebotBlock): FlowProblemCode[] {
  const L = AI_BLOCK_LIMITS;
  return [
    ...(isHttpUrl(d.url) ? [] : ["badUrl" as const]),
    ...(blank(d.typebotSlug) ? ["emptySlug" as const] : []),
    ...(between(d.typebotExpires, 0, L.typebotExpiresMax) ? [] : ["badExpires" as const]),
    ...(between(d.typebotDelayMessage, 0, L.typebotDelayMax) ? [] : ["badDelay" as const]),
  ];
}

function startProblems(graph: FlowGraph): FlowProblem[] {
  const starts = graph.nodes.filter((n) => n.type === "start");
  if (starts.length === 0) return [{ nodeId: null, code: "noStart" }];
  const out: FlowProblem[] = starts.slice(1).map((n) => ({ nodeId: n.id, code: "manyStarts" }));
  if (starts[0].id !== START_ID) out.push({ nodeId: starts[0].id, code: "startId" });
  // A start leading nowhere would publish a flow that answers nothing.
  if (!graph.edges.some((e) => e.source === starts[0].id)) {
    out.push({ nodeId: starts[0].id, code: "outputUnwired" });
  }
  return out;
}

function edgeProblems(graph: FlowGraph, byId: Map<string, FlowNode>): FlowProblem[] {
  const out: FlowProblem[] = [];
  const used = new Set<string>();
  for (const e of graph.edges) {
    const from = byId.get(e.source);
    const to = byId.get(e.target);
    if (!from || !to) {
      out.push({ nodeId: from ? from.id : to ? to.id : null, code: "edgeDangling" });
      continue;
    }
    const handle = e.sourceHandle ?? undefined;
    if (!outputsOf(from).includes(e.sourceHandle)) {
      out.push({ nodeId: from.id, code: "edgeBadHandle", ...(handle ? { handle } : {}) });
    } else if (used.has(`${from.id}\u0000${e.sourceHandle}`)) {
      out.push({ nodeId: from.id, code: "outputTwice", ...(handle ? { handle } : {}) });
    }
    used.add(`${from.id}\u0000${e.sourceHandle}`);
    if (to.type === "start") out.push({ nodeId: to.id, code: "edgeIntoStart" });
  }
  for (const node of graph.nodes) {
    for (const handle of branchOutputs(node)) {
      if (!used.has(`${node.id}\u0000${handle}`) && !node.ends?.includes(handle)) {
        out.push({ nodeId: node.id, code: "outputUnwired", handle });
      }
    }
  }
  return out;
}

/** The wired successors of each node (edges between existing nodes only). */
function successors(graph: FlowGraph, byId: Map<string, FlowNode>) {
  const next = new Map<string, string[]>();
  for (const e of graph.edges) {
    if (!byId.has(e.source) || !byId.has(e.target)) continue;
    next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  }
  return next;
}

function reachable(from: string, next: Map<string, string[]>): Set<string> {
  const seen = new Set<string>([from]);
  const stack = [from];
  while (stack.length > 0) {
    for (const to of next.get(stack.pop()!) ?? []) {
      if (!seen.has(to)) (seen.add(to), stack.push(to));
    }
  }
  return seen;
}

/** One node of each cycle made only of blocks that do not wait for the customer. */
function spinningLoops(graph: FlowGraph, byId: Map<string, FlowNode>, next: Map<string, string[]>) {
  const state = new Map<string, "open" | "done">();
  const found: string[] = [];
  const visit = (id: string) => {
    state.set(id, "open");
    for (const to of next.get(id) ?? []) {
      const node = byId.get(to)!;
      if (waitsForCustomer(node)) continue;
      const s = state.get(to);
      if (s === "open") found.push(to);
      else if (s === undefined) visit(to);
    }
    state.set(id, "done");
  };
  for (const node of graph.nodes) {
    if (!waitsForCustomer(node) && !state.has(node.id)) visit(node.id);
  }
  return [...new Set(found)];
}

/** Every reason the runtime could not walk this graph as drawn; [] when it can. */
export function checkFlow(graph: FlowGraph, known: FlowKnown = {}): FlowProblem[] {
  if (graph.nodes.length > MAX_NODES || graph.edges.length > MAX_NODES * 10) {
    return [{ nodeId: null, code: "tooLarge" }];
  }
  const out: FlowProblem[] = (graph.unreadable ?? []).map((u) => ({ nodeId: u.id, code: u.code }));
  const byId = new Map<string, FlowNode>();
  for (const node of graph.nodes) {
    if (byId.has(node.id)) out.push({ nodeId: node.id, code: "duplicateId" });
    else byId.set(node.id, node);
  }
  out.push(...startProblems(graph), ...edgeProblems(graph, byId));
  const next = successors(graph, byId);
  const start = graph.nodes.find((n) => n.type === "start");
  if (start) {
    const seen = reachable(start.id, next);
    for (const node of graph.nodes) {
      if (!seen.has(node.id)) out.push({ nodeId: node.id, code: "unreachable" });
    }
  }
  for (const id of spinningLoops(graph, byId, next)) {
    out.push({ nodeId: id, code: "loopWithoutWait" });
  }
  for (const node of graph.nodes) {
    for (const code of fieldProblems(node, known)) out.push({ nodeId: node.id, code });
  }
  return out;
}
