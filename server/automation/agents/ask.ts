// One question to an agent's model: the conversation so far (its last maxMessages messages,
// oldest first), a system prompt that says who and when, and the ways out (tools, or for
// servers without tool calls a JSON answer). The answer comes back as a decision the
// program follows: say this, hand over, or close. Never throws for the model's sake: a
// failure is a handover with its reason.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { TicketDto } from "../../modules/tickets/dto.ts";
import { queues, whatsappQueues } from "../../../db/tenant/schema.ts";
import type { prompts } from "../../../db/tenant/ai.ts";
import {
  AiError,
  type AiServer,
  chat,
  type ChatAnswer,
  type ChatMessage,
  type ChatRequest,
  type FunctionTool,
} from "../../integrations/openai/client.ts";
import { text } from "../../i18n/texts.ts";
import { recentMessages } from "./transcripts.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { spokenDateTime } from "../../modules/settings/timezone.ts";

export type Agent = typeof prompts.$inferSelect;

export type Decision =
  | { kind: "reply"; text: string }
  | {
    kind: "handover";
    reason: HandoverReason;
    queueId: number | null;
    detail: string;
    say?: string;
    /** The server's own words for a failed call (for the log; the client scrubbed the key from them). */
    error?: string;
  }
  | { kind: "close"; detail: string; say?: string };

export type HandoverReason = "tool" | "modelError" | "quota" | "refusal";

export interface Asked {
  decision: Decision;
  /** The calls' answers, whose tokens count for the agent. */
  answers: ChatAnswer[];
}

export interface Scene {
  companyName: string;
  timeZone: string;
  now: Date;
}

const LOCALES = { pt: "pt-BR", en: "en-US", es: "es-ES" } as const;

/**
 * The last maxMessages messages of the ticket, oldest first: the customer's as user (a voice
 * note as its transcript, or a line saying it could not be heard), the company's as assistant.
 */
export async function history(t: Tenant, ticketId: number, max: number): Promise<ChatMessage[]> {
  // Read newest first off the index, then turned around.
  const rows = await recentMessages(t, ticketId, max);
  const said = (m: (typeof rows)[number]) => {
    if (m.fromMe || m.mediaType !== "audio") return m.body.trim();
    const heard = m.transcript?.trim() || text(t.language, "agent.audio.unheard");
    return [heard, m.body.trim()].filter(Boolean).join("\n");
  };
  return rows.filter((m) => !m.isDeleted).map((m) => ({ fromMe: m.fromMe, content: said(m) }))
    .filter((m) => m.content !== "").slice(0, Math.max(1, max)).reverse().map((m) =>
      m.fromMe
        ? { role: "assistant" as const, content: m.content }
        : { role: "user" as const, content: m.content }
    );
}

/** The agent's prompt, then the company, the customer's first name (as written) and the company's time. */
export function systemPrompt(t: Tenant, agent: Agent, ticket: TicketDto, scene: Scene): string {
  const firstName = ticket.contact.name.trim().split(/\s+/)[0] ?? "";
  const time = spokenDateTime(scene.now, LOCALES[t.language], scene.timeZone);
  return `${agent.prompt.trim()}\n\n${
    text(t.language, "agent.context", { company: scene.companyName, name: firstName, time })
  }`;
}

/** The queues a handover may choose: the agent's own first, then the connection's (else the company's). */
export async function choosableQueues(t: Tenant, agent: Agent, whatsappId: number | null) {
  const listed = whatsappId === null ? [] : await prepared(t.db, "agentConnectionQueues", (db) =>
    db.select({ id: queues.id, name: queues.name })
      .from(whatsappQueues).innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
      .where(eq(whatsappQueues.whatsappId, sql.placeholder("whatsappId"))).prepare()).all({ whatsappId });
  const all = listed.length ? listed : await prepared(t.db, "agentAllQueues", (db) =>
    db.select({ id: queues.id, name: queues.name }).from(queues).prepare()).all();
  const own = agent.queueId === null ? undefined : all.find((q) => q.id === agent.queueId) ??
    (await t.db.select({ id: queues.id, name: queues.name }).from(queues).where(
      eq(queues.id, agent.queueId),
    ))[0];
  return own ? [own, ...all.filter((q) => q.id !== own.id)] : all;
}

type Queue = { id: number; name: string };

export const TRANSFER = "transfer_to_queue";
export const CLOSE = "close_conversation";

export function tools(choosable: Queue[]): FunctionTool[] {
  const reason = { type: "string", description: "Why, in a short sentence for the team." };
  return [
    {
      name: TRANSFER,
      description:
        "Hand the conversation to the human team when the customer asks for a person or you cannot solve the problem.",
      parameters: {
        type: "object",
        properties: choosable.length
          ? {
            queueId: {
              type: "integer",
              enum: choosable.map((q) => q.id),
              description: `The team: ${choosable.map((q) => `${q.id} = ${q.name}`).join(", ")}.`,
            },
            reason,
          }
          : { reason },
        required: ["reason"],
      },
    },
    {
      name: CLOSE,
      description:
        "End the conversation when the customer's matter is solved and they said goodbye.",
      parameters: { type: "object", properties: { reason }, required: ["reason"] },
    },
  ];
}

const transferArgs = z.object({
  queueId: z.coerce.number().int().optional(),
  reason: z.string().optional(),
});
const jsonAnswer = z.object({
  reply: z.string().nullish(),
  action: z.enum(["transfer", "close"]).nullish(),
  queueId: z.coerce.number().int().nullish(),
  reason: z.string().nullish(),
});

/** A server that refused the tools (400 naming them): it answers in JSON mode instead. */
const refusesTools = (e: unknown) =>
  e instanceof AiError && e.kind === "request" && e.status === 400 && /tool/i.test(e.message);

export async function ask(
  server: AiServer,
  t: Tenant,
  agent: Agent,
  conversation: ChatMessage[],
  system: string,
  choosable: Queue[],
): Promise<Asked> {
  const answers: ChatAnswer[] = [];
  const base: Omit<ChatRequest, "messages"> = {
    model: agent.model,
    temperature: agent.temperature,
    topP: agent.topP,
    maxTokens: agent.maxTokens,
  };
  const allowed = new Set(choosable.map((q) => q.id));
  const pick = (id: number | null | undefined) =>
    id !== null && id !== undefined && allowed.has(id) ? id : null;
  try {
    let answer: ChatAnswer;
    try {
      answer = await chat(server, {
        ...base,
        messages: [{ role: "system", content: system }, ...conversation],
        tools: tools(choosable),
      });
    } catch (e) {
      if (!refusesTools(e)) throw e;
      const format = text(t.language, "agent.json", {
        queues: choosable.map((q) => `${q.id} = ${q.name}`).join(", ") || "-",
      });
      answer = await chat(server, {
        ...base,
        json: true,
        messages: [{ role: "system", content: `${system}\n\n${format}` }, ...conversation],
      });
      answers.push(answer);
      return { decision: fromJson(answer, pick), answers };
    }
    answers.push(answer);
    return { decision: fromTools(answer, pick), answers };
  } catch (e) {
    if (!(e instanceof AiError)) throw e;
    return {
      decision: {
        kind: "handover",
        reason: e.kind === "quota" ? "quota" : "modelError",
        queueId: null,
        detail: e.status ? `${e.kind} ${e.status}` : e.kind,
        error: e.message,
      },
      answers,
    };
  }
}

function fromTools(a: ChatAnswer, pick: (id: number | undefined) => number | null): Decision {
  if (a.refusal) return { kind: "handover", reason: "refusal", queueId: null, detail: a.refusal };
  const say = a.text?.trim() || undefined;
  for (const call of a.toolCalls) {
    const args = transferArgs.safeParse(parseJson(call.arguments));
    const detail = (args.success ? args.data.reason : undefined)?.trim() ?? "";
    if (call.name === TRANSFER) {
      return {
        kind: "handover",
        reason: "tool",
        queueId: pick(args.success ? args.data.queueId : undefined),
        detail,
        say,
      };
    }
    if (call.name === CLOSE) return { kind: "close", detail, say };
  }
  if (!say) {
    return { kind: "handover", reason: "modelError", queueId: null, detail: "empty answer" };
  }
  return { kind: "reply", text: say };
}

function fromJson(a: ChatAnswer, pick: (id: number | null | undefined) => number | null): Decision {
  if (a.refusal) return { kind: "handover", reason: "refusal", queueId: null, detail: a.refusal };
  const raw = a.text?.trim() ?? "";
  const parsed = jsonAnswer.safeParse(parseJson(raw));
  // Not the JSON asked for: the text is the answer (a model that ignored the format still answered).
  if (!parsed.success) {
    return raw
      ? { kind: "reply", text: raw }
      : { kind: "handover", reason: "modelError", queueId: null, detail: "empty answer" };
  }
  const { reply, action, queueId, reason } = parsed.data;
  const say = reply?.trim() || undefined;
  if (action === "transfer") {
    return {
      kind: "handover",
      reason: "tool",
      queueId: pick(queueId),
      detail: reason?.trim() ?? "",
      say,
    };
  }
  if (action === "close") return { kind: "close", detail: reason?.trim() ?? "", say };
  if (!say) {
    return { kind: "handover", reason: "modelError", queueId: null, detail: "empty answer" };
  }
  return { kind: "reply", text: say };
}

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
