// A flow's graph as we keep it (flow_versions.graph) and as the runtime walks it: our own
// typed document, never React Flow's objects. The wire (GET/POST /flowbuilder/flow) speaks
// the original client's shape (raw React Flow nodes with their data fields, `connections`
// for edges); flowWire.ts reads and writes it. The one validator (flowCheck.ts) runs on
// both sides. Imported by relative path from server and web: imports nothing outside
// contracts/.

export const NODE_TYPES = [
  "start",
  "message",
  "menu",
  "question",
  "interval",
  "img",
  "audio",
  "video",
  "content",
  "condition",
  "randomizer",
  "ticket",
  "typebot",
  "openai",
] as const;
export type NodeType = typeof NODE_TYPES[number];

/** The start node's id: always "1", exactly one, never deleted (seed 002). */
export const START_ID = "1";
/** The editor's interval bounds in seconds (seed 002: greater than 0, at most 120). */
export const INTERVAL_MAX_SECONDS = 120;

export const ANSWER_TYPES = ["text", "number", "email", "phone", "date"] as const;
export type AnswerType = typeof ANSWER_TYPES[number];

export const CONDITION_SUBJECTS = ["variable", "field", "tag", "hours"] as const;
export type ConditionSubject = typeof CONDITION_SUBJECTS[number];
export const CONDITION_OPS = ["equals", "contains", "greater", "less", "exists"] as const;
export type ConditionOp = typeof CONDITION_OPS[number];

export const CONTENT_KINDS = ["message", "interval", "img", "audio", "video"] as const;
export type ContentKind = typeof CONTENT_KINDS[number];

export interface MenuOption {
  number: number;
  value: string;
}

export interface ContentElement {
  type: ContentKind;
  /** The text, the interval's seconds as text, or the media's file name under /public. */
  value: string;
  /** A media file's name as the user uploaded it (shown in the editor). */
  original?: string;
  /** Audio sent as a voice note. */
  record?: boolean;
}

/** What each block holds, by type. */
export interface NodeDataByType {
  start: Record<string, never>;
  message: { text: string };
  menu: { message: string; options: MenuOption[] };
  question: {
    message: string;
    answerKey: string;
    /** Typed answers: a reply that does not fit gets retryMessage and the question waits on. */
    answerType?: AnswerType;
    retryMessage?: string;
    /** Seconds without a reply before the "noResponse" output is taken (absent: waits). */
    noReplyAfter?: number;
  };
  interval: { sec: number };
  img: { url: string };
  audio: { url: string; record: boolean };
  video: { url: string };
  content: { elements: ContentElement[] };
  condition: { subject: ConditionSubject; key: string; op: ConditionOp; value: string };
  randomizer: { percent: number };
  ticket: { queueId: number | null; queueName?: string; userId?: number | null };
  typebot: TypebotBlock;
  openai: OpenAiBlock;
}

/**
 * The OpenAI block (seed 002): an AI agent's settings. Reaching it hands the conversation to
 * the agent, which answers until it hands over (to queueId) or closes: the run ends there.
 */
export interface OpenAiBlock {
  name: string;
  prompt: string;
  /** The server's chat API root; "": OpenAI's. */
  baseUrl: string;
  model: string;
  /** Secrets (OPENAI_SECRETS): sealed at rest, masked in every answer. */
  apiKey: string;
  maxTokens: number;
  temperature: number;
  /** How many of the conversation's last messages the model is sent. */
  maxMessages: number;
  /** Where a handover sends the ticket. */
  queueId: number | null;
  /** An Azure voice for voice answers ("": text). */
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}

/** The OpenAI block's fields that hold secrets. */
export const OPENAI_SECRETS = ["apiKey", "voiceKey"] as const;

/** The spec's defaults of a new OpenAI block (the model as the AI agents' page has it). */
export const OPENAI_BLOCK_DEFAULTS = {
  model: "gpt-3.5-turbo-1106",
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
} as const;

/** The TypeBot block (seed 002): a Typebot to hand the conversation to, as a typebot integration's. */
export interface TypebotBlock {
  /** The Typebot server (the integration's urlN8N). */
  url: string;
  typebotSlug: string;
  /** Minutes without a message before the session starts over. */
  typebotExpires: number;
  /** Milliseconds between bubbles. */
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
}

export const TYPEBOT_BLOCK_DEFAULTS = { typebotExpires: 1, typebotDelayMessage: 1000 } as const;

export type FlowNodeOf<T extends NodeType> = {
  id: string;
  type: T;
  position: { x: number; y: number };
  data: NodeDataByType[T];
  /** Outputs the author left unwired on purpose: the flow ends there. */
  ends?: string[];
};
export type FlowNode = { [T in NodeType]: FlowNodeOf<T> }[NodeType];

export interface FlowEdge {
  id: string;
  source: string;
  /** Which output of the source (see outputsOf); null for a block's single output. */
  sourceHandle: string | null;
  target: string;
}

export interface FlowGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
  /** Nodes the wire reader could not read (flowWire.ts): the validator reports them. */
  unreadable?: { id: string | null; code: "unknownType" | "missingId" }[];
}

/** The answer-key handles of a question block. */
export const ANSWERED = "response";
export const NO_REPLY = "noResponse";
/** The randomizer's outputs: percent of runs go to "a", the rest to "b". */
export const RANDOM_A = "a";
export const RANDOM_B = "b";
export const CONDITION_TRUE = "true";
export const CONDITION_FALSE = "false";
/** A menu option's output handle: "a" and the option's number (the original's names). */
export const menuHandle = (n: number) => `a${n}`;

/**
 * The outputs a block has: null for the single output of a block that goes on to one next
 * block; named handles for blocks that branch. A ticket block has none: people take over;
 * nor has an OpenAI block: its agent talks until it hands over to people or closes.
 */
export function outputsOf(node: FlowNode): (string | null)[] {
  switch (node.type) {
    case "menu":
      return node.data.options.map((o) => menuHandle(o.number));
    case "randomizer":
      return [RANDOM_A, RANDOM_B];
    case "condition":
      return [CONDITION_TRUE, CONDITION_FALSE];
    case "question":
      return node.data.noReplyAfter ? [ANSWERED, NO_REPLY] : [ANSWERED];
    case "ticket":
    case "openai":
      return [];
    default:
      return [null];
  }
}

/** Outputs that must be wired or explicitly ended (a branch the author could forget). */
export function branchOutputs(node: FlowNode): string[] {
  const outs = outputsOf(node);
  if (node.type === "question") return outs.filter((h): h is string => h === NO_REPLY);
  return outs.filter((h): h is string => h !== null);
}

/** Blocks that stop and wait for the customer: a loop must pass one, or it would spin. */
export const waitsForCustomer = (node: FlowNode) =>
  node.type === "menu" || node.type === "question";

/** The edge a run follows out of a node by one of its outputs (undefined: the flow ends). */
export function nextEdge(graph: FlowGraph, nodeId: string, handle: string | null) {
  return graph.edges.find((e) => e.source === nodeId && e.sourceHandle === handle);
}

export const nodeById = (graph: FlowGraph, id: string) => graph.nodes.find((n) => n.id === id);

/** The keys question blocks store answers under (the editor's {{key}} suggestions). */
export function answerKeys(graph: FlowGraph): string[] {
  const keys = graph.nodes.flatMap((n) => n.type === "question" ? [n.data.answerKey] : []);
  return [...new Set(keys.filter((k) => k.trim() !== ""))];
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A new block's id: 30 random letters and digits (seed 002). */
export function newNodeId(random: () => number = Math.random): string {
  let id = "";
  for (let i = 0; i < 30; i++) id += ID_CHARS[Math.floor(random() * ID_CHARS.length)];
  return id;
}
