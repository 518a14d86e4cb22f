/**
 * Each block's fields as its dialog edits them: the values a new block starts with, the
 * rules checked on submit (seed 002 section 5, with its words as i18n keys) and the line
 * that sums a block up on the canvas and for screen readers.
 */
import {
  type ContentElement,
  INTERVAL_MAX_SECONDS,
  type NodeDataByType,
  type NodeType,
  OPENAI_BLOCK_DEFAULTS,
  TYPEBOT_BLOCK_DEFAULTS,
} from "../../../../../contracts/flowGraph.ts";
import {
  type FlowProblemCode,
  openAiProblems,
  typebotProblems,
} from "../../../../../contracts/flowCheck.ts";

const K = "flowEditor.dialog";

/** The blocks the speed dial offers, in the spec's order, then the ones the issue adds. */
export const DIAL_TYPES = [
  "start",
  "content",
  "menu",
  "randomizer",
  "interval",
  "ticket",
  "typebot",
  "openai",
  "question",
  "message",
  "img",
  "audio",
  "video",
  "condition",
] as const satisfies readonly NodeType[];

/** Blocks the runtime does not run yet: a run that meets one ends and people take over. */
export const UNAVAILABLE: ReadonlySet<NodeType> = new Set(["typebot"]);

export function initialData<T extends NodeType>(type: T): NodeDataByType[T] {
  const initial: { [K in NodeType]: NodeDataByType[K] } = {
    start: {},
    message: { text: "" },
    menu: { message: "", options: [{ number: 1, value: "" }] },
    question: { message: "", answerKey: "", answerType: "text" },
    interval: { sec: 0 },
    img: { url: "" },
    audio: { url: "", record: true },
    video: { url: "" },
    content: { elements: [] },
    condition: { subject: "variable", key: "", op: "equals", value: "" },
    randomizer: { percent: 50 },
    ticket: { queueId: null },
    typebot: {
      url: "",
      typebotSlug: "",
      ...TYPEBOT_BLOCK_DEFAULTS,
      typebotKeywordFinish: "",
      typebotKeywordRestart: "",
      typebotRestartMessage: "",
      typebotUnknownMessage: "",
    },
    openai: {
      name: "",
      prompt: "",
      baseUrl: "",
      apiKey: "",
      ...OPENAI_BLOCK_DEFAULTS,
      queueId: null,
      voice: "",
      voiceKey: "",
      voiceRegion: "",
    },
  };
  return structuredClone(initial[type]);
}

/** A field's problem: an i18n key. */
export type BlockIssues = Record<string, string>;

const blank = (text: string | undefined) => !text?.trim();
/** An answer key is a {{key}} placeholder's name: letters, digits, _ - . (as flowCheck wants). */
const ANSWER_KEY = /^[\p{L}\p{N}_.-]{1,50}$/u;

export function intervalIssue(sec: number): string | null {
  if (!Number.isFinite(sec) || sec <= 0) return `${K}.intervalRequired`;
  if (sec > INTERVAL_MAX_SECONDS) return `${K}.intervalMax`;
  return null;
}

/** The rules of a block's dialog; {} when it may be saved. */
export function validateBlock<T extends NodeType>(type: T, data: NodeDataByType[T]): BlockIssues {
  const issues: BlockIssues = {};
  const d = data as NodeDataByType[NodeType] & Record<string, unknown>;
  switch (type) {
    case "message": {
      if (blank((d as NodeDataByType["message"]).text)) issues.text = "validation.required";
      break;
    }
    case "interval": {
      const issue = intervalIssue((d as NodeDataByType["interval"]).sec);
      if (issue) issues.sec = issue;
      break;
    }
    case "menu": {
      const menu = d as NodeDataByType["menu"];
      if (blank(menu.message)) issues.message = "validation.required";
      if (menu.options.length === 0) issues.options = `${K}.optionsRequired`;
      menu.options.forEach((option, i) => {
        if (blank(option.value)) issues[`option${i}`] = "validation.required";
      });
      break;
    }
    case "question": {
      const q = d as NodeDataByType["question"];
      if (blank(q.message)) issues.message = "validation.required";
      if (blank(q.answerKey)) issues.answerKey = "validation.required";
      else if (!ANSWER_KEY.test(q.answerKey.trim())) issues.answerKey = `${K}.answerKeyInvalid`;
      if (q.noReplyAfter !== undefined && !(q.noReplyAfter > 0)) {
        issues.noReplyAfter = "validation.invalidNumber";
      }
      break;
    }
    case "img":
    case "video":
    case "audio": {
      if (blank((d as { url: string }).url)) issues.url = `${K}.fileRequired`;
      break;
    }
    case "content": {
      const issue = contentIssue((d as NodeDataByType["content"]).elements);
      if (issue) issues.elements = issue;
      break;
    }
    case "condition": {
      const c = d as NodeDataByType["condition"];
      if (c.subject !== "hours") {
        if (blank(c.key)) issues.key = "validation.required";
        if (c.op !== "exists" && blank(c.value)) issues.value = "validation.required";
      }
      break;
    }
    case "randomizer": {
      const p = (d as NodeDataByType["randomizer"]).percent;
      if (!(p >= 0 && p <= 100)) issues.percent = "validation.invalidNumber";
      break;
    }
    case "ticket": {
      if ((d as NodeDataByType["ticket"]).queueId === null) issues.queueId = `${K}.queueRequired`;
      break;
    }
    case "openai":
      fieldIssues(issues, openAiProblems(d as NodeDataByType["openai"]), OPENAI_FIELDS);
      break;
    case "typebot":
      fieldIssues(issues, typebotProblems(d as NodeDataByType["typebot"]), TYPEBOT_FIELDS);
      break;
  }
  return issues;
}

/** The shared validator's words (flows.problems) on the fields they are about. */
const OPENAI_FIELDS: Partial<Record<FlowProblemCode, keyof NodeDataByType["openai"]>> = {
  emptyName: "name",
  emptyPrompt: "prompt",
  emptyModel: "model",
  badMaxTokens: "maxTokens",
  badTemperature: "temperature",
  badMaxMessages: "maxMessages",
  badUrl: "baseUrl",
  noApiKey: "apiKey",
  noQueue: "queueId",
  queueGone: "queueId",
};
const TYPEBOT_FIELDS: Partial<Record<FlowProblemCode, keyof NodeDataByType["typebot"]>> = {
  badUrl: "url",
  emptySlug: "typebotSlug",
  badExpires: "typebotExpires",
  badDelay: "typebotDelayMessage",
};

function fieldIssues(
  issues: BlockIssues,
  codes: FlowProblemCode[],
  fields: Partial<Record<FlowProblemCode, string>>,
) {
  for (const code of codes) {
    const field = fields[code];
    if (field && !issues[field]) issues[field] = `flows.problems.${code}`;
  }
}

/**
 * The content dialog's one message (it names no field): empty texts, an interval of 0 or
 * over 120, media cards with no file (pending files count as filled).
 */
export function contentIssue(
  elements: readonly ContentElement[],
  pending: ReadonlySet<number> = new Set(),
): string | null {
  if (elements.length === 0) return `${K}.contentEmpty`;
  if (elements.some((e) => e.type === "message" && blank(e.value))) return `${K}.contentMessageEmpty`;
  if (
    elements.some((e) => e.type === "interval" && intervalIssue(Number(e.value)) !== null)
  ) return `${K}.contentInterval`;
  if (elements.some((e, i) => e.type !== "message" && e.type !== "interval" && blank(e.value) && !pending.has(i))) {
    return `${K}.contentEmptyCards`;
  }
  return null;
}

/** The data as stored: trimmed texts, options numbered 1..n in their order. */
export function cleanData<T extends NodeType>(type: T, data: NodeDataByType[T]): NodeDataByType[T] {
  switch (type) {
    case "message": {
      const d = data as NodeDataByType["message"];
      return { text: d.text.trim() } as NodeDataByType[T];
    }
    case "menu": {
      const d = data as NodeDataByType["menu"];
      return {
        message: d.message.trim(),
        options: d.options.map((o, i) => ({ number: i + 1, value: o.value.trim() })),
      } as NodeDataByType[T];
    }
    case "question": {
      const d = data as NodeDataByType["question"];
      const clean: NodeDataByType["question"] = {
        message: d.message.trim(),
        answerKey: d.answerKey.trim(),
        answerType: d.answerType ?? "text",
      };
      if (d.retryMessage?.trim()) clean.retryMessage = d.retryMessage.trim();
      if (d.noReplyAfter) clean.noReplyAfter = d.noReplyAfter;
      return clean as NodeDataByType[T];
    }
    case "openai": {
      const d = data as NodeDataByType["openai"];
      return {
        ...d,
        name: d.name.trim(),
        prompt: d.prompt.trim(),
        baseUrl: d.baseUrl.trim(),
        model: d.model.trim(),
        apiKey: d.apiKey.trim(),
        voice: d.voice.trim(),
        voiceKey: d.voiceKey.trim(),
        voiceRegion: d.voiceRegion.trim(),
      } as NodeDataByType[T];
    }
    case "typebot": {
      const d = data as NodeDataByType["typebot"];
      return {
        ...d,
        url: d.url.trim(),
        typebotSlug: d.typebotSlug.trim(),
        typebotKeywordFinish: d.typebotKeywordFinish.trim(),
        typebotKeywordRestart: d.typebotKeywordRestart.trim(),
      } as NodeDataByType[T];
    }
    default:
      return data;
  }
}
