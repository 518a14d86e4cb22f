// The original client's wire shape of a flow (seed 002: raw React Flow nodes with their
// data fields, edges as `connections`) read into our document and written back. The reader
// is tolerant: whatever the client adds (selected, dragging, positionAbsolute, style,
// width) is dropped, a missing field becomes an empty one, and a node it cannot read is
// kept aside as `unreadable` for the validator to report. It never throws.
import {
  ANSWERED,
  type AnswerType,
  CONTENT_KINDS,
  type ContentElement,
  type ContentKind,
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  NO_REPLY,
  NODE_TYPES,
  type NodeDataByType,
  type NodeType,
  OPENAI_BLOCK_DEFAULTS,
  outputsOf,
  TYPEBOT_BLOCK_DEFAULTS,
} from "./flowGraph.ts";

export interface WireNode {
  id: string;
  type: string;
  position: { x: number; y: number };
  data: Record<string, unknown>;
}

export interface WireEdge {
  id: string;
  source: string;
  sourceHandle: string | null;
  target: string;
  targetHandle: string | null;
  type: "buttonedge";
}

/** The original's names where ours differ ("singleBlock" is our content sequence). */
const TYPE_TO_WIRE: Partial<Record<NodeType, string>> = { content: "singleBlock" };
const TYPE_FROM_WIRE: Record<string, NodeType> = { singleBlock: "content" };

type Bag = Record<string, unknown>;
const bag = (v: unknown): Bag => (v && typeof v === "object" && !Array.isArray(v) ? v as Bag : {});
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown) => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : NaN;
};
const optNum = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : num(v));
/** A number the client may leave out: absent is the default, junk stays NaN for the validator. */
const numOr = (v: unknown, fallback: number) => optNum(v) ?? fallback;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A content sequence's element kind from its seq id ("message1", "interval2", "img1"). */
function kindOf(seqId: string): ContentKind | undefined {
  const prefix = seqId.replace(/\d+$/, "");
  return (CONTENT_KINDS as readonly string[]).includes(prefix) ? prefix as ContentKind : undefined;
}

function readElements(d: Bag): ContentElement[] {
  const elements = list(d.elements).map(bag);
  const seq = list(d.seq).map(str).filter((s) => s !== "");
  const order = seq.length > 0
    ? seq.map((id) => ({ id, el: elements.find((e) => str(e.number) === id) ?? {} }))
    : elements.map((el) => ({ id: str(el.type) || str(el.number), el }));
  return order.map(({ id, el }) => {
    const type = (kindOf(str(el.type)) ?? kindOf(id) ?? "message") as ContentKind;
    const out: ContentElement = { type, value: str(el.value) };
    if (typeof el.original === "string" && el.original !== "") out.original = el.original;
    if (type === "audio") out.record = el.record === true;
    return out;
  });
}

function readData(type: NodeType, d: Bag): FlowNode["data"] {
  switch (type) {
    case "start":
      return {};
    case "message":
      return { text: str(d.label ?? d.text) };
    case "menu":
      return {
        message: str(d.message),
        options: list(d.arrayOption ?? d.options).map(bag).map((o) => ({
          number: num(o.number),
          value: str(o.value),
        })),
      };
    case "question": {
      const q = bag(d.typebotIntegration);
      const out: NodeDataByType["question"] = {
        message: str(q.message ?? d.message),
        answerKey: str(q.answerKey ?? d.answerKey),
      };
      if (d.answerType !== undefined && d.answerType !== null && d.answerType !== "") {
        // Any text: the validator refuses a type it does not know.
        out.answerType = str(d.answerType) as AnswerType;
      }
      if (str(d.retryMessage) !== "") out.retryMessage = str(d.retryMessage);
      const wait = optNum(d.noReplyAfter);
      if (wait !== undefined) out.noReplyAfter = wait;
      return out;
    }
    case "interval":
      return { sec: num(d.sec) };
    case "img":
      return { url: str(d.url) };
    case "audio":
      return { url: str(d.url), record: d.record === true };
    case "video":
      return { url: str(d.url) };
    case "content":
      return { elements: readElements(d) };
    case "condition":
      return {
        subject: (str(d.subject) || "variable") as never,
        key: str(d.key),
        op: (str(d.op ?? d.condition) || "equals") as never,
        value: str(d.value),
      };
    case "randomizer":
      return { percent: num(d.percent) };
    case "ticket": {
      const queue = bag(d.data ?? d.queue);
      const queueId = optNum(queue.id ?? d.queueId);
      const userId = optNum(d.userId);
      return {
        queueId: queueId === undefined || Number.isNaN(queueId) ? null : queueId,
        ...(str(queue.name) !== "" ? { queueName: str(queue.name) } : {}),
        ...(userId !== undefined && !Number.isNaN(userId) ? { userId } : {}),
      };
    }
    case "typebot": {
      // The original keeps a block's settings in data.typebotIntegration (older ones at data).
      const b = { ...d, ...bag(d.typebotIntegration) };
      return {
        url: str(b.url ?? b.urlN8N),
        typebotSlug: str(b.typebotSlug),
        typebotExpires: numOr(b.typebotExpires, TYPEBOT_BLOCK_DEFAULTS.typebotExpires),
        typebotDelayMessage: numOr(
          b.typebotDelayMessage,
          TYPEBOT_BLOCK_DEFAULTS.typebotDelayMessage,
        ),
        typebotKeywordFinish: str(b.typebotKeywordFinish),
        typebotKeywordRestart: str(b.typebotKeywordRestart),
        typebotRestartMessage: str(b.typebotRestartMessage),
        typebotUnknownMessage: str(b.typebotUnknownMessage),
      };
    }
    case "openai": {
      const b = { ...d, ...bag(d.typebotIntegration) };
      const queueId = optNum(b.queueId);
      return {
        name: str(b.name),
        prompt: str(b.prompt),
        baseUrl: str(b.baseUrl),
        model: str(b.model) || OPENAI_BLOCK_DEFAULTS.model,
        apiKey: str(b.apiKey),
        maxTokens: numOr(b.maxTokens, OPENAI_BLOCK_DEFAULTS.maxTokens),
        temperature: numOr(b.temperature, OPENAI_BLOCK_DEFAULTS.temperature),
        maxMessages: numOr(b.maxMessages, OPENAI_BLOCK_DEFAULTS.maxMessages),
        queueId: queueId === undefined || Number.isNaN(queueId) ? null : queueId,
        // The original's dialog offers "texto" (answer in text) beside the voices: no voice.
        voice: str(b.voice) === "texto" ? "" : str(b.voice),
        voiceKey: str(b.voiceKey),
        voiceRegion: str(b.voiceRegion),
      };
    }
  }
}

function readNode(
  raw: unknown,
): FlowNode | { id: string | null; code: "unknownType" | "missingId" } {
  const n = bag(raw);
  const id = str(n.id);
  if (id === "") return { id: null, code: "missingId" };
  const wireType = str(n.type);
  const type = TYPE_FROM_WIRE[wireType] ??
    ((NODE_TYPES as readonly string[]).includes(wireType) ? wireType as NodeType : undefined);
  if (!type) return { id, code: "unknownType" };
  const d = bag(n.data);
  const p = bag(n.position);
  const node = {
    id,
    type,
    position: { x: num(p.x) || 0, y: num(p.y) || 0 },
    data: readData(type, d),
  } as FlowNode;
  const ends = list(d.ends).map(str).filter((h) => h !== "");
  if (ends.length > 0) node.ends = ends;
  return node;
}

// The original engine took a question's reply or silence by any of these output names.
const REPLY_ALIASES = ["a", "true", "yes", "green"];
const SILENCE_ALIASES = ["no-response", "timeout", "red", "false"];
function questionHandle(named: string | null): string | null {
  if (named === null || REPLY_ALIASES.includes(named)) return ANSWERED;
  return SILENCE_ALIASES.includes(named) ? NO_REPLY : named;
}

function readEdge(raw: unknown, nodes: FlowNode[]): FlowEdge | null {
  const e = bag(raw);
  const source = str(e.source);
  const target = str(e.target);
  if (source === "" || target === "") return null;
  // A block with one output: whatever handle name the client gave it, it is that output.
  const from = nodes.find((n) => n.id === source);
  const single = from && outputsOf(from).length === 1 && outputsOf(from)[0] === null;
  const named = str(e.sourceHandle) || null;
  const handle = single ? null : from?.type === "question" ? questionHandle(named) : named;
  return {
    id: str(e.id) || `${source}-${handle ?? ""}-${target}`,
    source,
    sourceHandle: handle,
    target,
  };
}

/** Our document from the client's raw nodes and connections (null or junk: an empty graph). */
export function fromWire(nodes: unknown, connections: unknown): FlowGraph {
  const read = list(nodes).map(readNode);
  const good = read.filter((n): n is FlowNode => "type" in n);
  const unreadable = read.filter((n): n is Exclude<typeof n, FlowNode> => !("type" in n));
  const edges = list(connections).map((e) => readEdge(e, good)).filter((e): e is FlowEdge =>
    e !== null
  );
  return unreadable.length > 0 ? { nodes: good, edges, unreadable } : { nodes: good, edges };
}

function writeElements(elements: ContentElement[]) {
  const counts = new Map<ContentKind, number>();
  const seq: string[] = [];
  const out = elements.map((el) => {
    const n = (counts.get(el.type) ?? 0) + 1;
    counts.set(el.type, n);
    seq.push(`${el.type}${n}`);
    return {
      type: el.type,
      number: `${el.type}${n}`,
      value: el.value,
      original: el.original ?? "",
      record: el.record ?? false,
    };
  });
  return { seq, elements: out };
}

function writeData(node: FlowNode): Record<string, unknown> {
  switch (node.type) {
    case "start":
      return { label: "Inicio do fluxo" };
    case "message":
      return { label: node.data.text };
    case "menu":
      return { message: node.data.message, arrayOption: node.data.options };
    case "question": {
      const { message, answerKey, ...ours } = node.data;
      return { typebotIntegration: { message, answerKey }, ...ours };
    }
    case "interval":
      return { label: `Intervalo ${node.data.sec} seg.`, sec: node.data.sec };
    case "video":
      return { url: node.data.url, record: false };
    case "content":
      return writeElements(node.data.elements);
    case "ticket": {
      const { queueId, queueName, userId } = node.data;
      return {
        data: queueId === null ? null : { id: queueId, name: queueName ?? "" },
        ...(userId !== undefined ? { userId } : {}),
      };
    }
    case "typebot": {
      const { url, ...rest } = node.data;
      return { typebotIntegration: { urlN8N: url, ...rest } };
    }
    case "openai":
      return { typebotIntegration: { ...node.data } };
    default:
      return { ...node.data };
  }
}

/** The client's shape of our document (GET /flowbuilder/flow/{id}; our editor reads it too). */
export function toWire(graph: FlowGraph): { nodes: WireNode[]; connections: WireEdge[] } {
  return {
    nodes: graph.nodes.map((n) => ({
      id: n.id,
      type: TYPE_TO_WIRE[n.type] ?? n.type,
      position: { ...n.position },
      data: n.ends?.length ? { ...writeData(n), ends: [...n.ends] } : writeData(n),
    })),
    connections: graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      sourceHandle: e.sourceHandle,
      target: e.target,
      targetHandle: null,
      type: "buttonedge",
    })),
  };
}
