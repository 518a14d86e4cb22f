// What one Typebot answer becomes for WhatsApp, without sending anything:
//   readTurn(answer, { delayMessageMs }) -> Turn: the items to send in order (text in
//     WhatsApp's formatting, media by URL for the runtime to download), each with the wait
//     Typebot asked for before it; the input that follows (a choice input's choices, to read
//     the next reply with matchChoice); a handover command; whether the flow ended or must be
//     re-requested (continueChat with null) after a pausing wait.
//   matchChoice(input, reply) -> the text to send back for "2", "vendas", "Suporte Tecnico"…
// Typebot's default retry text becomes the integration's typebotUnknownMessage when it has one.
// The pause between items (the integration's typebotDelayMessage) is the runtime's to apply;
// it is returned as Turn.betweenMs.
import { type RichNode, richTextOf, type TypebotAnswer, type TypebotMessage } from "./client.ts";
import { type HandoverCommand, readCommand } from "../handover_command.ts";

/** Typebot's own WhatsApp channel waits at most this long; a bot asking more gets this. */
export const MAX_WAIT_MS = 10_000;

export type OutgoingItem =
  & { /** Wait this long before sending it (Typebot's wait block), capped. */ waitMs: number }
  & (
    | { kind: "text"; text: string }
    | { kind: "media"; media: "image" | "video" | "audio"; url: string }
  );

export interface Choice {
  id: string;
  text: string;
}

export type TurnInput =
  | { kind: "choice"; choices: Choice[]; multiple: boolean }
  /** Any other input (text, number, email, date, file…): the customer's reply goes as it is. */
  | { kind: "other"; type: string };

export interface Turn {
  items: OutgoingItem[];
  /** What the customer is asked for; null when no input follows. */
  input: TurnInput | null;
  /** The bot hands the ticket over; the items before it are sent, nothing of the bot after it. */
  handover: HandoverCommand | null;
  /** A wait after the last item: the runtime waits this long (then re-requests, if asked). */
  waitAfterMs: number;
  /** A pausing wait: after waitAfterMs, call continueChat(sessionId, null) for the rest. */
  continueAfterWait: boolean;
  /** No input, no handover, nothing to re-request: the flow is over. */
  ended: boolean;
  /** The pause the runtime puts between items (typebotDelayMessage). */
  betweenMs: number;
  /** What was left out and why (unsupported actions, bubbles without a URL), for the log. */
  notes: string[];
}

export interface TurnOptions {
  /** typebotDelayMessage, in milliseconds. */
  delayMessageMs: number;
  maxWaitMs?: number;
  /** typebotUnknownMessage: sent instead of Typebot's default retry text, when set. */
  unknownMessage?: string | null;
}

/** What Typebot answers to a reply its input refuses, unless the bot's author wrote another. */
export const TYPEBOT_RETRY_MESSAGE = "Invalid message. Please, try again.";

export function readTurn(answer: TypebotAnswer, opts: TurnOptions): Turn {
  const maxWait = opts.maxWaitMs ?? MAX_WAIT_MS;
  const notes: string[] = [];
  const items: OutgoingItem[] = [];
  const waitsAfter = new Map<string, number>();
  let pending = 0;
  let pausing = false;
  for (const action of answer.clientSideActions ?? []) {
    if (action.type !== "wait" || !action.wait) {
      notes.push(`client-side action "${action.type}" ignored`);
      continue;
    }
    const ms = Math.min(Math.max(action.wait.secondsToWaitFor, 0) * 1000, maxWait) || 0;
    if (action.expectsDedicatedReply) pausing = true;
    // Without a bubble to follow, Typebot's own client runs it before the first bubble.
    if (action.lastBubbleBlockId) {
      waitsAfter.set(
        action.lastBubbleBlockId,
        (waitsAfter.get(action.lastBubbleBlockId) ?? 0) + ms,
      );
    } else pending += ms;
  }
  const push = (item: OutgoingItem) => {
    items.push({ ...item, waitMs: item.waitMs + pending });
    pending = 0;
  };

  let handover: HandoverCommand | null = null;
  for (const m of answer.messages) {
    if (m.type === "text") {
      const { text: formatted, plain } = textOf(m);
      const said = readCommand(plain);
      handover = said.command;
      // A command in a bubble: what is around it is said, and nothing after it.
      const text = handover ? said.text : formatted;
      if (handover) {
        if (text) push({ kind: "text", text, waitMs: 0 });
        break;
      }
      const unknown = opts.unknownMessage?.trim() && plain.trim() === TYPEBOT_RETRY_MESSAGE;
      if (unknown) push({ kind: "text", text: opts.unknownMessage!.trim(), waitMs: 0 });
      else if (text.trim()) push({ kind: "text", text, waitMs: 0 });
    } else {
      const item = bubbleItem(m, notes);
      if (item) push(item);
    }
    pending += waitsAfter.get(m.id) ?? 0;
  }
  if (handover) {
    return {
      items,
      input: null,
      handover,
      waitAfterMs: 0,
      continueAfterWait: false,
      ended: false,
      betweenMs: opts.delayMessageMs,
      notes,
    };
  }

  const input = readInput(answer.input ?? null);
  if (input?.kind === "choice") {
    const list = input.choices.map((c, i) => `${i + 1} - ${c.text}`).join("\n");
    if (list) push({ kind: "text", text: list, waitMs: 0 });
  } else if (answer.input) {
    const placeholder = placeholderOf(answer.input.options);
    if (placeholder) push({ kind: "text", text: placeholder, waitMs: 0 });
  }
  return {
    items,
    input,
    handover: null,
    waitAfterMs: pending,
    continueAfterWait: pausing,
    ended: !input && !pausing,
    betweenMs: opts.delayMessageMs,
    notes,
  };
}

function bubbleItem(m: TypebotMessage, notes: string[]): OutgoingItem | null {
  const url = typeof m.content.url === "string" && m.content.url.trim()
    ? m.content.url.trim()
    : null;
  if (m.type === "image" || m.type === "video" || m.type === "audio" || m.type === "embed") {
    if (!url) {
      notes.push(`${m.type} bubble without a URL skipped`);
      return null;
    }
    // A YouTube/Vimeo/TikTok video is a page, not a file to download: sent as its link.
    const page = m.type === "embed" ||
      m.type === "video" && typeof m.content.type === "string" && m.content.type !== "url";
    return page
      ? { kind: "text", text: url, waitMs: 0 }
      : { kind: "media", media: m.type as "image" | "video" | "audio", url, waitMs: 0 };
  }
  notes.push(`"${m.type}" bubble ignored`);
  return null;
}

function readInput(input: TypebotAnswer["input"]): TurnInput | null {
  if (!input) return null;
  if (input.type === "choice input" || input.type === "picture choice input") {
    const choices: Choice[] = [];
    for (const item of input.items ?? []) {
      // A picture choice's words are its title; a plain choice's, its content.
      const label = [item.content, item.title].find((v) => typeof v === "string" && v.trim());
      if (typeof label === "string") {
        choices.push({ id: String(item.id ?? choices.length), text: label.trim() });
      }
    }
    return { kind: "choice", choices, multiple: input.options?.isMultipleChoice === true };
  }
  return { kind: "other", type: input.type };
}

function placeholderOf(options: Record<string, unknown> | undefined): string | null {
  const labels = options?.labels as { placeholder?: unknown } | undefined;
  const p = labels?.placeholder;
  return typeof p === "string" && p.trim() ? p.trim() : null;
}

const fold = (s: string) =>
  s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/** The choice a reply names (its number or its words, case and accents aside), as its text. */
function pick(choices: Choice[], reply: string): string | null {
  // Words first: a choice that is itself a number ("2024") is meant as written.
  const f = fold(reply);
  const named = choices.find((c) => fold(c.text) === f);
  if (named) return named.text;
  const n = /^(\d+)\s*[.)-]?$/.exec(reply.trim());
  return n ? choices[Number(n[1]) - 1]?.text ?? null : null;
}

/**
 * What to send Typebot for a customer's reply to a choice input: the choice's text (Typebot
 * matches items by their content), or for a multiple choice the chosen texts joined by ", ".
 * null: no choice matches; send the reply as typed and Typebot answers with its retry text.
 */
export function matchChoice(input: TurnInput, reply: string): string | null {
  if (input.kind !== "choice") return null;
  const whole = pick(input.choices, reply);
  if (whole || !input.multiple) return whole;
  const parts = reply.split(/[,;]|\s+e\s+|\s+and\s+|\s+y\s+/i).map((p) => p.trim()).filter(Boolean);
  const picked = parts.map((p) => pick(input.choices, p));
  if (!parts.length || picked.some((p) => p === null)) return null;
  return [...new Set(picked)].join(", ");
}

/** A text bubble in WhatsApp's formatting, and its plain words (for the handover commands). */
function textOf(m: TypebotMessage): { text: string; plain: string } {
  const rich = richTextOf(m);
  if (rich) return { text: richToWhatsApp(rich), plain: richToWhatsApp(rich, false) };
  const md = typeof m.content.markdown === "string" ? m.content.markdown : "";
  return { text: markdownToWhatsApp(md), plain: unescapeMarkdown(md) };
}

const BLOCKS = new Set([
  "p",
  "ul",
  "ol",
  "li",
  "lic",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "variable",
]);

/** Typebot's rich text (Slate/Plate nodes) as WhatsApp text: blocks on their own lines. */
export function richToWhatsApp(nodes: RichNode[], marks = true): string {
  const lines: string[] = [];
  let inline = "";
  let open = false;
  for (const n of nodes) {
    if (n.type && BLOCKS.has(n.type)) {
      if (open) lines.push(inline);
      inline = "";
      open = false;
      lines.push(block(n, marks));
    } else {
      inline += inlineText(n, marks);
      open = true;
    }
  }
  if (open) lines.push(inline);
  return lines.join("\n");
}

function block(n: RichNode, marks: boolean): string {
  if (n.type === "ul" || n.type === "ol") {
    return (n.children ?? []).map((li, i) =>
      (n.type === "ol" ? `${i + 1}. ` : "- ") +
      richToWhatsApp(li.children ?? [li], marks).replace(/\n/g, "\n   ")
    ).join("\n");
  }
  return richToWhatsApp(n.children ?? [], marks);
}

function inlineText(n: RichNode, marks: boolean): string {
  if (typeof n.text === "string") return marks ? marked(n.text, n) : n.text;
  // A link is sent as its address: WhatsApp shows it as a link itself.
  if (n.type === "a" && n.url) return n.url;
  return (n.children ?? []).map((c) => inlineText(c, marks)).join("");
}

/** WhatsApp's markers around a leaf's words; spaces stay outside (WhatsApp needs the markers on the words). */
function marked(text: string, n: RichNode): string {
  const [, lead, core, tail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  if (!core) return text;
  let out = core;
  if (n.code) out = "```" + out + "```";
  if (n.strikethrough) out = `~${out}~`;
  if (n.italic) out = `_${out}_`;
  if (n.bold) out = `*${out}*`;
  return lead + out + tail;
}

/** Typebot's markdown format (textBubbleContentFormat "markdown") as WhatsApp text. */
export function markdownToWhatsApp(md: string): string {
  const BOLD = "\u0001";
  return unescapeMarkdown(
    md
      .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, "$2")
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, `${BOLD}$2${BOLD}`)
      .replace(/(^|[^\\*])\*(?=\S)([^*\n]*?\S)\*/g, "$1_$2_")
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, "~$1~")
      .replace(/\n{2,}/g, "\n"),
  ).replaceAll(BOLD, "*");
}

const unescapeMarkdown = (md: string) => md.replace(/\\([\\`*_{}[\]()#+\-.!"~>|])/g, "$1");
