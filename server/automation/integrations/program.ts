// Queue integrations at work, the engine's fourth program (docs/api.md "Integrations at
// work"): the connection's integration for a ticket without queue, else its queue's
// (which.ts), only while no person holds the ticket. A customer message is noted as due and
// handed to the integration by the ticket's wake-up, in the ticket's lane and off the inbound
// pipeline, so a slow integration never holds other conversations. What the program knows
// between messages is in the ticket's automation state (answers.after: the last message handed
// over; the type's session), so a restart resumes it. A flowbuilder integration starts its
// flow instead (the flow program then owns the conversation); a flow's TypeBot block hands
// its run's conversation to Typebot here (flows/typebot.ts), and the run ends with it.
import { and, asc, eq, gt } from "drizzle-orm";
import type { Stored } from "../../inbox/handlers.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import type { Outbound } from "../../modules/messages/outbound.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { SecretBox } from "../../secrets/box.ts";
import type { AddressPolicy } from "../../integrations/addresses.ts";
import type { DialogflowClient } from "../../integrations/dialogflow/client.ts";
import { loadTicket, type TicketDto } from "../../modules/tickets/dto.ts";
import { NO_PROGRAM } from "../../modules/tickets/moves.ts";
import { noteOutcome } from "../../modules/queueintegrations/service.ts";
import { messages } from "../../../db/tenant/schema.ts";
import { text, type TextKey } from "../../i18n/texts.ts";
import { errorFields, log } from "../../log.ts";
import { AppError } from "../../errors/app-error.ts";
import { TypebotError } from "../../integrations/typebot/client.ts";
import { WebhookError } from "../../integrations/webhook/client.ts";
import { type AutomationState, isRunning, saveState, startState } from "../state.ts";
import { stopHandedOver } from "../flows/handed.ts";
import { blockIntegration, fromTypebotBlock } from "../flows/typebot.ts";
import type { MoveTicket } from "../chatbot/talk.ts";
import { autoNote } from "../notes.ts";
import { handoverText } from "../chatbot/handover.ts";
import { connectionIntegrationId, type Integration, integrationFor } from "./which.ts";
import type { Conversation, Outcome, Pending } from "./conversation.ts";
import { typebotTurn } from "./typebot.ts";
import { webhookTurn } from "./webhook.ts";
import { dialogflowTurn } from "./dialogflow.ts";
import { SlicedQueue } from "../../timers/slicer.ts";

export const IDLE = "idle";
export const WAITING = "waiting";
export const WORKING = "working";

/** A turn's watchdog: past it, a turn the server never finished runs again (clients' worst case and the bot's waits). */
const WATCHDOG_MS = 150_000;
/** Customer messages handed over in one turn; more wait for the next, due at once. */
const BATCH = 20;

export interface IntegrationDoors {
  control: ControlDb;
  outbound: Outbound;
  move: MoveTicket;
  now: () => Date;
  hub: Hub;
  secrets: () => SecretBox;
  addresses: () => AddressPolicy;
  dialogflow: () => DialogflowClient;
  armWake: (t: Tenant, at: string) => Promise<void>;
  /** The flow program's start, for flowbuilder integrations; false: the flow cannot start. */
  startFlow: (t: Tenant, ticket: TicketDto, flowId: number) => Promise<boolean>;
  /** Waits between a bot's bubbles (tests record them). */
  pause: (ms: number) => Promise<void>;
}

export const isIntegration = (s: AutomationState | undefined): s is AutomationState =>
  isRunning(s) && s.program === "integration";

export class IntegrationProgram {
  /**
   * The turns' database steps, one at a time with a turn of the event loop every slice, as the
   * agents' (answers arriving together must not hold the event loop, and every other
   * company's messages, for the whole burst); the calls, pauses and sends stay outside.
   */
  readonly #steps = new SlicedQueue();

  constructor(readonly doors: IntegrationDoors) {}

  /** Whether a new conversation on this connection starts with its integration (held by the bot). */
  async mayStart(t: Tenant, whatsappId: number): Promise<boolean> {
    return await connectionIntegrationId(t, whatsappId) !== null;
  }

  /** A customer's message in a ticket no person serves. "stop": an integration takes it. */
  async onMessage(s: Stored, state: AutomationState | undefined): Promise<"stop" | undefined> {
    const { tenant: t, ticket, message } = s;
    let current = isIntegration(state) ? state : undefined;
    if (!current) {
      // Another program talks, or one stopped here (a person's turn until the ticket closes).
      if (state && !s.fresh) return;
      const integration = await integrationFor(t, ticket);
      if (!integration) return;
      if (await this.doors.outbound.stopped(t.companyId)) return "stop";
      if (integration.type === "flowbuilder") {
        return await this.#runFlow(t, ticket, integration) ? "stop" : undefined;
      }
      current = await startState(t, ticket.id, "integration", IDLE);
      await this.#took(t, ticket, integration);
      // This message is the first the integration is handed.
      current = await saveState(t, current.id, { answers: { after: String(message.id - 1) } }) ??
        current;
    }
    if (await this.doors.outbound.stopped(t.companyId)) return "stop";
    const wakeAt = this.doors.now().toISOString();
    if (await saveState(t, current.id, { cursor: WAITING, wakeAt })) {
      await this.doors.armWake(t, wakeAt);
    }
    return "stop";
  }

  /** The ticket's wake-up: the integration is handed what the customer said since its last turn. */
  async onWake(t: Tenant, ticket: TicketDto, state: AutomationState) {
    const block = fromTypebotBlock(state);
    const integration = block ? await blockIntegration(t, state) : await integrationFor(t, ticket);
    if (!integration) return await this.#handover(t, ticket, null, "gone");
    if (integration.type === "flowbuilder") {
      if (!await this.#runFlow(t, ticket, integration)) {
        await this.#handover(t, ticket, integration, "gone");
      }
      return;
    }
    const begun = await this.#steps.run(() => this.#begin(t, ticket, state));
    if (!begun) return;
    const { pending } = begun;
    let working = begun.working;
    const keep = (answers: Record<string, string>) =>
      this.#steps.run(async () => {
        working = await saveState(t, working.id, { answers }) ?? working;
      });
    const c = this.#conversation(t, ticket, integration, working, pending, keep);
    if (c.speakFirst) {
      // A flow's block said so in its own note.
      await this.#steps.run(async () => {
        if (!block) await this.#took(t, ticket, integration);
        else await this.doors.move(t, ticket.id, { chatbot: true, useIntegration: true });
      });
      await keep(c.memory);
    }
    let outcome: Outcome;
    try {
      outcome = await turnOf(integration.type)(this.#typeDoors(), c);
    } catch (err) {
      return await this.#steps.run(() => this.#failed(t, ticket, integration, err));
    }
    await this.#steps.run(() =>
      this.#decided(t, ticket, integration, block, working, pending.length, outcome)
    );
  }

  /** The turn starts: its watchdog, and what the customer said since the last one. null: stopped. */
  async #begin(t: Tenant, ticket: TicketDto, state: AutomationState) {
    const watchdog = new Date(this.doors.now().getTime() + WATCHDOG_MS).toISOString();
    const working = await saveState(t, state.id, { cursor: WORKING, wakeAt: watchdog });
    if (!working) return null;
    await this.doors.armWake(t, watchdog);
    const pending = await this.#pending(t, ticket.id, Number(working.answers.after ?? 0));
    return { working, pending };
  }

  /** What the turn ended in is carried out. */
  async #decided(
    t: Tenant,
    ticket: TicketDto,
    integration: Integration,
    block: boolean,
    working: AutomationState,
    handed: number,
    outcome: Outcome,
  ) {
    if (!block) await noteOutcome(this.#ctx(t), integration, "", this.doors.now());
    // A person took the ticket while the integration answered: their turn now.
    const now = await loadTicket(t.db, ticket.id);
    if (!now || now.status !== "pending" || now.userId !== null) return;
    if (outcome.kind === "handover") {
      return await this.#handover(t, now, integration, outcome.reason, outcome.command);
    }
    if (outcome.kind === "close") return await this.#close(t, now, integration, outcome.reason);
    const more = handed === BATCH;
    const next = more ? this.doors.now().toISOString() : null;
    if (await saveState(t, working.id, { cursor: more ? WAITING : IDLE, wakeAt: next }) && next) {
      await this.doors.armWake(t, next);
    }
  }

  #pending(t: Tenant, ticketId: number, after: number): Promise<Pending[]> {
    return t.db.select({
      id: messages.id,
      wid: messages.wid,
      body: messages.body,
      mediaType: messages.mediaType,
      mediaUrl: messages.mediaUrl,
      createdAt: messages.createdAt,
    }).from(messages)
      .where(
        and(eq(messages.ticketId, ticketId), gt(messages.id, after), eq(messages.fromMe, false)),
      )
      .orderBy(asc(messages.id)).limit(BATCH);
  }

  #conversation(
    t: Tenant,
    ticket: TicketDto,
    integration: Integration,
    state: AutomationState,
    pending: Pending[],
    keep: (answers: Record<string, string>) => Promise<void>,
  ): Conversation {
    const { start, ...memory } = state.answers;
    const saved = () => keep({ ...memory });
    const out = { keepPreview: true, rendered: true };
    const c: Conversation = {
      t,
      ticket,
      integration,
      pending,
      speakFirst: start === "1",
      now: this.doors.now,
      addresses: this.doors.addresses(),
      memory,
      remember: async (patch) => {
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined) delete memory[k];
          else memory[k] = v;
        }
        await saved();
      },
      handed: async (id) => {
        memory.after = String(id);
        await saved();
      },
      say: async (body) => void await this.doors.outbound.toTicket(t, ticket, { ...out, body }),
      sendFile: async (file, caption = "") =>
        void await this.doors.outbound.toTicket(t, ticket, { ...out, body: caption, files: [file] }),
      pause: this.doors.pause,
    };
    return c;
  }

  #typeDoors() {
    return {
      control: this.doors.control,
      secrets: this.doors.secrets(),
      dialogflow: this.doors.dialogflow(),
    };
  }

  #ctx(t: Tenant) {
    return { tenant: t, hub: this.doors.hub, secrets: this.doors.secrets() };
  }

  /** The integration takes the conversation: the ticket says which, the bot holds it, a note says so. */
  async #took(t: Tenant, ticket: TicketDto, integration: Integration) {
    await this.doors.move(t, ticket.id, {
      chatbot: true,
      useIntegration: true,
      integrationId: integration.id,
      promptId: null,
    });
    await autoNote(
      this.doors.hub,
      t,
      ticket,
      text(t.language, "integration.note.start", { integration: integration.name }),
    );
  }

  /** A flowbuilder integration: its flow starts in the ticket and owns the conversation. */
  async #runFlow(t: Tenant, ticket: TicketDto, integration: Integration): Promise<boolean> {
    if (integration.flowId === null) return false;
    if (!await this.doors.startFlow(t, ticket, integration.flowId)) return false;
    await this.doors.move(t, ticket.id, { useIntegration: true, integrationId: integration.id });
    return true;
  }

  /** The integration failed (after its client's retries): people answer; the page shows why. */
  async #failed(t: Tenant, ticket: TicketDto, integration: Integration, err: unknown) {
    const known = err instanceof AppError || err instanceof TypebotError ||
      err instanceof WebhookError;
    const detail = known ? (err as Error).message : "internal error";
    log.warn("integrations: a turn failed, people take the conversation", {
      companyId: t.companyId,
      ticketId: ticket.id,
      integrationId: integration.id,
      type: integration.type,
      reason: detail,
      ...(known ? {} : errorFields(err)),
    });
    if (integration.id) await noteOutcome(this.#ctx(t), integration, detail, this.doors.now());
    const now = await loadTicket(t.db, ticket.id);
    if (!now || now.status !== "pending" || now.userId !== null) return;
    await this.#handover(t, now, integration, "failed", null, { detail });
  }

  /**
   * People take the conversation: the program stops, the customer is told (the connection's
   * handover message, else the server's) unless the integration moved the ticket itself
   * (a command names where), and the ticket waits where the command says (else where it is).
   */
  async #handover(
    t: Tenant,
    ticket: TicketDto,
    integration: Integration | null,
    reason: "command" | "stopBot" | "ended" | "failed" | "gone",
    command: { queueId: number | null; userId: number | null } | null = null,
    vars: Record<string, string> = {},
  ) {
    const status = reason === "failed" || reason === "gone" ? "failed" : "done";
    if (!await stopHandedOver(this.doors.hub, t, ticket.id, `integration:${reason}`, status, "typebot")) {
      return;
    }
    if (reason !== "command" && !await this.doors.outbound.stopped(t.companyId)) {
      await this.doors.outbound.toTicket(t, ticket, {
        body: await handoverText(t, ticket.whatsappId),
        keepPreview: true,
      });
    }
    const queueId = command?.queueId ?? ticket.queueId;
    await this.doors.move(t, ticket.id, {
      ...(command?.userId ? { status: "open", userId: command.userId } : { status: "pending" }),
      queueId,
      chatbot: false,
      ...NO_PROGRAM,
    });
    const why = text(t.language, `integration.reason.${reason}` as TextKey, {
      detail: "-",
      ...vars,
    });
    await autoNote(
      this.doors.hub,
      t,
      ticket,
      text(t.language, "integration.note.handover", {
        integration: integration?.name ?? "?",
        reason: why,
      }),
    );
  }

  async #close(t: Tenant, ticket: TicketDto, integration: Integration, reason: "finishWord") {
    if (!await stopHandedOver(this.doors.hub, t, ticket.id, `integration:${reason}`, "done", "typebot")) {
      return;
    }
    const why = text(t.language, `integration.reason.${reason}`);
    await autoNote(
      this.doors.hub,
      t,
      ticket,
      text(t.language, "integration.note.closed", { integration: integration.name, reason: why }),
    );
    await this.doors.move(t, ticket.id, { status: "closed" });
  }
}

type TypeDoors = { control: ControlDb; secrets: SecretBox; dialogflow: DialogflowClient };

function turnOf(type: Integration["type"]): (d: TypeDoors, c: Conversation) => Promise<Outcome> {
  if (type === "typebot") return (_, c) => typebotTurn(c);
  if (type === "dialogflow") return dialogflowTurn;
  return webhookTurn;
}
