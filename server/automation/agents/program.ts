// The AI agents' runtime, the engine's third program (docs/api.md "AI agents at work"):
// where an agent answers (the connection's, for a ticket without queue; the ticket's
// queue's), a turn per burst of customer messages, and the ways out to people. Everything
// the program knows between messages is in the ticket's automation state, so a restart
// resumes it: cursor "idle" (waits for the customer), "waiting" (a burst window, due at
// wakeAt), "thinking" (a model call; wakeAt is its watchdog), "sending" (the answer, kept in
// answers.reply, is going out). A flow's OpenAI block hands its conversation to an agent made
// of the block's settings (flows/agent.ts): the state keeps the run and the block, and the
// run ends when the agent hands over or closes.
import { desc, eq, sql } from "drizzle-orm";
import { prepared } from "../../tenancy/prepared.ts";
import type { Stored } from "../../inbox/handlers.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import type { Outbound } from "../../modules/messages/outbound.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { MediaStore, Upload } from "../../media/store.ts";
import { SpeechError, synthesize } from "../../integrations/azure_speech/client.ts";
import type { SecretBox } from "../../secrets/box.ts";
import type { AddressPolicy } from "../../integrations/addresses.ts";
import { loadTicket, type TicketDto } from "../../modules/tickets/dto.ts";
import { messages, queues, whatsapps } from "../../../db/tenant/schema.ts";
import { NO_PROGRAM } from "../../modules/tickets/moves.ts";
import { autoNote } from "../notes.ts";
import { prompts } from "../../../db/tenant/ai.ts";
import { companies } from "../../../db/control/schema.ts";
import { getSettings } from "../../modules/settings/service.ts";
import { recordUsage, setQuotaAlert } from "../../modules/prompts/service.ts";
import { text, type TextKey } from "../../i18n/texts.ts";
import { errorFields, log } from "../../log.ts";
import {
  type AutomationState,
  FLOW_NODE,
  isRunning,
  saveState,
  startState,
} from "../state.ts";
import type { MoveTicket } from "../chatbot/talk.ts";
import { asksForPerson, handoverText } from "../chatbot/handover.ts";
import { type Agent, ask, choosableQueues, type Decision, history, systemPrompt } from "./ask.ts";
import { hearVoiceNotes } from "./transcripts.ts";
import { SlicedQueue } from "../../timers/slicer.ts";
import type { Usage } from "../../integrations/openai/client.ts";
import { blockAgent, fromFlowBlock } from "../flows/agent.ts";
import { blockSecret } from "../../modules/flows/secrets.ts";
import { type HandedStatus, stopHandedOver } from "../flows/handed.ts";

export const IDLE = "idle";
export const WAITING = "waiting";
export const THINKING = "thinking";
export const SENDING = "sending";

export interface AgentOptions {
  /** The burst window: restarted by each customer message... */
  burstMs: number;
  /** ...but never longer than this from the burst's first message. */
  burstCapMs: number;
  /** Answers an agent gives in one conversation before people take it (no progress in sight). */
  maxAnswers: number;
  /** "typing…" before the answer goes (0 in tests). */
  typingMs: number;
}

export const AGENT_DEFAULTS = { burstMs: 3_000, burstCapMs: 15_000, maxAnswers: 10 } as const;

/**
 * A model call's watchdog: past it, a turn that never finished (the server stopped) runs
 * again. Longer than the turn's worst case: the voice notes' transcriptions (their 60 s
 * deadline), then the model's 3 attempts of 30 s and the retry waits.
 */
const WATCHDOG_MS = 210_000;
const API_KEY = "prompt.apiKey";
const VOICE_KEY = "prompt.voiceKey";

export interface AgentDoors {
  control: ControlDb;
  outbound: Outbound;
  move: MoveTicket;
  now: () => Date;
  hub: Hub;
  /** Where customers' voice notes are read from to be transcribed. */
  media: MediaStore;
  /** deps.secrets, made after the engine. */
  secrets: () => SecretBox;
  /** deps.addresses: which addresses an agent's server may be at. */
  addresses: () => AddressPolicy;
  /** AZURE_SPEECH_URL: where voice answers are synthesised ({region}: the agent's). */
  speechUrl: string;
  /** A wake-up at `at` was written: the company's timer must not sleep past it. */
  armWake: (t: Tenant, at: string) => Promise<void>;
  options: AgentOptions;
}

export const isAgent = (s: AutomationState | undefined): s is AutomationState =>
  isRunning(s) && s.program === "agent";

/**
 * The agent that answers in a ticket no person holds, in the original's order: the
 * connection's for a ticket without queue, else its queue's. null: none.
 */
export async function agentFor(t: Tenant, ticket: TicketDto): Promise<Agent | null> {
  const promptId = ticket.queueId === null
    ? await connectionAgent(t, ticket.whatsappId ?? 0)
    : (await queueAgent(t).get({ id: ticket.queueId }))?.id;
  if (promptId === null || promptId === undefined) return null;
  const agent = await prepared(t.db, "agentById", (db) =>
    db.select().from(prompts).where(eq(prompts.id, sql.placeholder("id"))).prepare()).get({ id: promptId });
  return agent ?? null;
}

// Read for every customer message a program may take: built once per database (tenancy/prepared.ts).
const connectionAgent = async (t: Tenant, whatsappId: number) =>
  (await prepared(
    t.db,
    "connectionAgent",
    (db) =>
      db.select({ id: whatsapps.promptId }).from(whatsapps)
        .where(eq(whatsapps.id, sql.placeholder("id"))).prepare(),
  ).get({ id: whatsappId }))?.id ??
    null;
const queueAgent = (t: Tenant) =>
  prepared(
    t.db,
    "queueAgent",
    (db) =>
      db.select({ id: queues.promptId }).from(queues).where(eq(queues.id, sql.placeholder("id")))
        .prepare(),
  );

/** What an agent's state carries from one turn to the next besides its own keys: a flow block's node. */
const pinned = (s: AutomationState): Record<string, string> =>
  s.answers[FLOW_NODE] ? { [FLOW_NODE]: s.answers[FLOW_NODE] } : {};

/** Handovers that end a flow block's run as failed (the others are the agent's way out: done). */
const FAILED: ReadonlySet<string> = new Set(["modelError", "quota", "agentGone"]);

type Handover = {
  reason: string;
  vars?: Record<string, string>;
  queueId?: number | null;
  say?: string;
};

export class AgentProgram {
  /**
   * The turns' database steps, one at a time with a turn of the event loop every slice; the
   * waits (the model, the typing pause, the send, the voice) stay outside, so no turn holds
   * another's.
   */
  readonly #steps = new SlicedQueue();

  constructor(readonly doors: AgentDoors) {}

  /**
   * Whether a new conversation on this connection starts with an agent (it is held by the
   * bot from its first message).
   */
  async mayStart(t: Tenant, whatsappId: number): Promise<boolean> {
    return await connectionAgent(t, whatsappId) !== null;
  }

  /**
   * A customer's message in a ticket no person serves. "stop": an agent took it; undefined:
   * none answers here (another program runs, a person's turn, no agent).
   */
  async onMessage(s: Stored, state: AutomationState | undefined): Promise<"stop" | undefined> {
    const { tenant: t, ticket, message } = s;
    let current = isAgent(state) ? state : undefined;
    if (!current) {
      // Another program talks, or one stopped here (a person's turn until the ticket closes).
      if (state && !s.fresh) return;
      const agent = await agentFor(t, ticket);
      if (!agent) return;
      current = await startState(t, ticket.id, "agent", IDLE);
      await this.#took(t, ticket, agent);
    }
    if (await this.doors.outbound.stopped(t.companyId)) return "stop";
    const { botHandoverWords } = await getSettings(t.db, ["botHandoverWords"]);
    if (asksForPerson(message.body, botHandoverWords)) {
      const agent = await this.#agentOf(t, ticket, current);
      await this.#handover(t, ticket, agent, { reason: "handoverWord" });
      return "stop";
    }
    await this.#openWindow(t, current);
    return "stop";
  }

  /** The burst window: due burstMs after this message, at most burstCapMs after the burst's first one. */
  async #openWindow(t: Tenant, state: AutomationState) {
    const now = this.doors.now().getTime();
    const began = state.cursor === WAITING && state.answers.burstAt
      ? Date.parse(state.answers.burstAt)
      : now;
    const { burstMs, burstCapMs } = this.doors.options;
    const wakeAt = new Date(Math.min(now + burstMs, began + burstCapMs)).toISOString();
    const saved = await saveState(t, state.id, {
      cursor: WAITING,
      wakeAt,
      answers: { ...pinned(state), burstAt: new Date(began).toISOString() },
    });
    if (saved) await this.doors.armWake(t, wakeAt);
  }

  /** The window closed (or a turn cut short by a restart): the agent answers the conversation. */
  async onWake(t: Tenant, ticket: TicketDto, state: AutomationState) {
    // Between the turn's steps the event loop may turn: answers arriving together (the model
    // calls overlap) must not hold it, and with it every other company's messages, for the
    // whole burst (bench/agents.ts).
    const begun = await this.#steps.run(() => this.#begin(t, ticket, state));
    if (!begun) return;
    if (begun.resend !== undefined) {
      return await this.#send(t, ticket, begun.agent, state, begun.resend);
    }
    const decision = await this.#ask(t, ticket, begun.agent, state);
    const reply = await this.#steps.run(() => this.#decided(t, ticket, state, begun.agent, decision));
    if (reply) await this.#send(t, reply.ticket, begun.agent, reply.state, reply.text);
  }

  /**
   * Up to the model call: the agent, unless the turn ends before it (null); resend: an answer
   * kept before a restart, to send rather than ask again.
   */
  async #begin(
    t: Tenant,
    ticket: TicketDto,
    state: AutomationState,
  ): Promise<{ agent: Agent; resend?: string } | null> {
    const agent = await this.#agentOf(t, ticket, state);
    if (!agent) {
      await this.#handover(t, ticket, null, { reason: "agentGone" });
      return null;
    }
    // Handed over by the queue menu: the ticket says which agent answers from now.
    if (!fromFlowBlock(state) && ticket.promptId !== agent.id) await this.#took(t, ticket, agent);
    if (state.cursor === SENDING && state.answers.reply) return { agent, resend: state.answers.reply };
    if (state.rounds >= this.doors.options.maxAnswers) {
      await this.#handover(t, ticket, agent, {
        reason: "answerLimit",
        vars: { n: String(state.rounds) },
      });
      return null;
    }
    const watchdog = new Date(this.doors.now().getTime() + WATCHDOG_MS).toISOString();
    const thinking = await saveState(t, state.id, { cursor: THINKING, wakeAt: watchdog });
    if (!thinking) return null;
    await this.doors.armWake(t, watchdog);
    await this.doors.outbound.typing(t, ticket);
    return { agent };
  }

  /** What the model decided is carried out; a reply is kept, and answered for the caller to send. */
  async #decided(
    t: Tenant,
    ticket: TicketDto,
    state: AutomationState,
    agent: Agent,
    decision: Decision,
  ): Promise<{ ticket: TicketDto; state: AutomationState; text: string } | undefined> {
    // A person took the ticket while the model thought: their turn, not the agent's.
    const now = await loadTicket(t.db, ticket.id);
    if (!now || now.status !== "pending" || now.userId !== null) return;
    if (decision.kind === "reply") {
      const sending = await saveState(t, state.id, {
        cursor: SENDING,
        answers: { ...pinned(state), reply: decision.text },
      });
      return sending && { ticket: now, state: sending, text: decision.text };
    }
    if (decision.kind === "close") {
      await this.#close(t, now, agent, decision);
      return;
    }
    if (decision.error !== undefined) {
      log.warn("agents: the model failed, people take the conversation", {
        companyId: t.companyId,
        ticketId: ticket.id,
        promptId: agent.id,
        reason: decision.detail,
        error: decision.error,
      });
    }
    await this.#handover(t, now, agent, {
      reason: decision.reason,
      vars: { detail: decision.detail },
      queueId: decision.queueId,
      say: decision.say,
    });
  }

  /** The agent answering in this state: a flow block's, else the connection's or the queue's. */
  async #agentOf(t: Tenant, ticket: TicketDto, state: AutomationState) {
    return fromFlowBlock(state) ? await blockAgent(t, state) : await agentFor(t, ticket);
  }

  async #ask(
    t: Tenant,
    ticket: TicketDto,
    agent: Agent,
    state: AutomationState,
  ): Promise<Decision> {
    const block = fromFlowBlock(state);
    try {
      const keyPlace = block
        ? blockSecret(t.companyId, "apiKey")
        : { companyId: t.companyId, field: API_KEY };
      const apiKey = agent.apiKey ? await this.doors.secrets().open(keyPlace, agent.apiKey) : "";
      const server = { baseUrl: agent.baseUrl, apiKey, addresses: this.doors.addresses() };
      await hearVoiceNotes(t, ticket.id, agent.maxMessages, {
        server,
        media: this.doors.media,
        hub: this.doors.hub,
      });
      const asked = await this.#steps.run(() => this.#question(t, ticket, agent));
      const { decision, answers } = await ask(
        server,
        t,
        agent,
        asked.history,
        asked.system,
        asked.queues,
      );
      // A flow block's agent has no row: no tokens to count, no alert to keep.
      if (!block) await this.#steps.run(() => this.#account(t, agent, decision, answers));
      return decision;
    } catch (err) {
      // Not the model's answer (an unreadable key, the database): people answer this one.
      log.warn("agents: a turn failed, the conversation goes to people", {
        companyId: t.companyId,
        ticketId: ticket.id,
        ...errorFields(err),
      });
      return { kind: "handover", reason: "modelError", queueId: null, detail: "internal" };
    }
  }

  /** What the model is asked: the system prompt, the conversation, the queues it may choose. */
  async #question(t: Tenant, ticket: TicketDto, agent: Agent) {
    const [company] = await this.doors.control.select({ name: companies.name }).from(companies)
      .where(eq(companies.id, t.companyId));
    const { timezone } = await getSettings(t.db, ["timezone"]);
    const system = systemPrompt(t, agent, ticket, {
      companyName: company?.name ?? "",
      timeZone: timezone,
      now: this.doors.now(),
    });
    return {
      system,
      history: await history(t, ticket.id, agent.maxMessages),
      queues: await choosableQueues(t, agent, ticket.whatsappId),
    };
  }

  /** The call's tokens counted on the agent; its quota alert set or cleared. */
  async #account(t: Tenant, agent: Agent, decision: Decision, answers: { usage: Usage }[]) {
    const ctx = { tenant: t, hub: this.doors.hub, secrets: this.doors.secrets() };
    if (decision.kind === "handover" && decision.reason === "quota") {
      if (await setQuotaAlert(ctx, agent.id, this.doors.now().toISOString())) {
        log.warn("agents: the model's account has no credit; the company's admins are told", {
          companyId: t.companyId,
          promptId: agent.id,
        });
      }
    } else if (answers.length && agent.quotaAlertAt !== null) {
      await setQuotaAlert(ctx, agent.id, null);
    }
    for (const a of answers) await recordUsage(ctx, agent.id, a.usage);
  }

  /**
   * The planned answer goes out once: a turn resumed after a restart that finds it already
   * sent (the ticket's last message is it) only moves on. An agent with a voice says it as a
   * voice note whose stored text (its caption) is the answer, so the desk and the history read
   * it; without a recording the text goes.
   */
  async #send(
    t: Tenant,
    ticket: TicketDto,
    agent: Agent,
    state: AutomationState,
    reply: string,
  ) {
    const last = await prepared(t.db, "agentLastMessage", (db) =>
      db.select({ body: messages.body, fromMe: messages.fromMe }).from(messages)
        .where(eq(messages.ticketId, sql.placeholder("ticketId"))).orderBy(desc(messages.id))
        .limit(1).prepare()).get({ ticketId: ticket.id });
    if (!(last?.fromMe && last.body === reply)) {
      const recording = await this.#speak(t, ticket, agent, reply, fromFlowBlock(state));
      const out = { body: reply, keepPreview: true, rendered: true };
      if (recording) {
        // Its upload may take seconds: outside the steps.
        await this.doors.outbound.toTicket(t, ticket, { ...out, files: [recording], ptt: true });
      } else {
        // "typing…" first, outside the steps; the text's send is one of them.
        const { typingMs } = this.doors.options;
        if (typingMs) {
          await this.doors.outbound.typing(t, ticket);
          await new Promise((r) => setTimeout(r, typingMs));
        }
        await this.#steps.run(() => this.doors.outbound.toTicket(t, ticket, out));
      }
    }
    await saveState(t, state.id, {
      cursor: IDLE,
      wakeAt: null,
      answers: pinned(state),
      rounds: state.rounds + 1,
    });
  }

  /** The answer spoken by the agent's Azure voice, or null (no voice, or it failed: the text goes). */
  async #speak(
    t: Tenant,
    ticket: TicketDto,
    agent: Agent,
    reply: string,
    block: boolean,
  ): Promise<Upload | null> {
    if (!agent.voice || !agent.voiceKey || !agent.voiceRegion) return null;
    try {
      const keyPlace = block
        ? blockSecret(t.companyId, "voiceKey")
        : { companyId: t.companyId, field: VOICE_KEY };
      const key = await this.doors.secrets().open(keyPlace, agent.voiceKey);
      const data = await synthesize({
        region: agent.voiceRegion,
        key,
        baseUrl: this.doors.speechUrl,
        addresses: this.doors.addresses(),
      }, { voice: agent.voice, text: reply });
      return { data, mimetype: "audio/ogg", fileName: "resposta.ogg" };
    } catch (err) {
      // The client's messages carry no key (it scrubs them).
      log.warn("agents: the voice answer could not be made; the text goes", {
        companyId: t.companyId,
        ticketId: ticket.id,
        promptId: agent.id,
        ...(err instanceof SpeechError
          ? { kind: err.kind, status: err.status, error: err.message }
          : errorFields(err)),
      });
      return null;
    }
  }

  /** The agent ends the conversation: its last words, a note of why, the ticket closed. */
  async #close(
    t: Tenant,
    ticket: TicketDto,
    agent: Agent,
    d: Extract<Decision, { kind: "close" }>,
  ) {
    if (!await this.#stop(t, ticket, "closedByAgent", "done")) return;
    if (d.say) {
      await this.doors.outbound.toTicket(t, ticket, {
        body: d.say,
        keepPreview: true,
        rendered: true,
      });
    }
    await this.#note(
      t,
      ticket,
      text(t.language, "agent.note.closed", { agent: agent.name, reason: d.detail }),
    );
    await this.doors.move(t, ticket.id, { status: "closed", chatbot: false });
  }

  /**
   * People take the conversation: the program stops, the customer is told (the agent's own
   * last words, else the connection's handover message, else the server's), the ticket waits
   * in the chosen queue (else the agent's, else where it is) off the bot, and a note says why.
   */
  async #handover(t: Tenant, ticket: TicketDto, agent: Agent | null, h: Handover) {
    const status = FAILED.has(h.reason) ? "failed" : "done";
    if (!await this.#stop(t, ticket, `agent:${h.reason}`, status)) return;
    const say = h.say || await handoverText(t, ticket.whatsappId);
    if (!await this.doors.outbound.stopped(t.companyId)) {
      await this.doors.outbound.toTicket(t, ticket, { body: say, keepPreview: true });
    }
    const queueId = h.queueId ?? agent?.queueId ?? ticket.queueId;
    await this.doors.move(t, ticket.id, { status: "pending", queueId, chatbot: false, ...NO_PROGRAM });
    const reason = text(t.language, `agent.reason.${h.reason}` as TextKey, {
      ...h.vars,
      detail: h.vars?.detail || "-",
    });
    await this.#note(
      t,
      ticket,
      text(t.language, "agent.note.handover", { agent: agent?.name ?? "?", reason }),
    );
  }

  /** The agent answers in the ticket: the bot holds it and the ticket names the agent (seed 000's promptId). */
  async #took(t: Tenant, ticket: TicketDto, agent: Agent) {
    await this.doors.move(t, ticket.id, {
      chatbot: true,
      useIntegration: true,
      promptId: agent.id,
      integrationId: null,
    });
  }

  #note(t: Tenant, ticket: TicketDto, note: string) {
    return autoNote(this.doors.hub, t, ticket, note);
  }

  /** The program stops (false: it had stopped already), and a flow run whose OpenAI block handed it over ends. */
  #stop(t: Tenant, ticket: TicketDto, reason: string, status: HandedStatus) {
    return stopHandedOver(this.doors.hub, t, ticket.id, reason, status, "openai");
  }
}
