// The conversation engine as the inbound pipeline sees it: one handler. decide screens
// who may open a conversation (lists.ts); after runs the ticket's program from where its
// state says, one message at a time per ticket: a flow first (flows/program.ts: one starts
// or runs), else an AI agent (agents/program.ts), else a queue integration
// (integrations/program.ts), else the queue menu. A person takes
// over by accepting the ticket or transferring it (domain events), or by writing from the company's phone (our own message
// in the pipeline); the desk answers only accepted tickets. Closing ends the conversation
// and clears the state (and ends a flow's run with it).
import type { Arrival, Decision, InboundHandler, Stored } from "../inbox/handlers.ts";
import type { Tenant, TenantRegistry } from "../tenancy/registry.ts";
import type { ControlDb } from "../tenancy/control.ts";
import type { Outbound } from "../modules/messages/outbound.ts";
import {
  type DomainBus,
  TICKET_ACCEPTED,
  TICKET_CLOSED,
  TICKET_TRANSFERRED,
} from "../events/domain.ts";
import { loadTicket, type TicketDto } from "../modules/tickets/dto.ts";
import { screen } from "./lists.ts";
import {
  type AutomationState,
  clearState,
  type EndedRun,
  isRunning,
  startState,
  stateOf,
  stopProgram,
  stopState,
} from "./state.ts";
import { BotWake, type Lane } from "./wake.ts";
import { hasMenu, loadSetup, queueById } from "./chatbot/setup.ts";
import { type MoveTicket, release, Talk } from "./chatbot/talk.ts";
import { asksForPerson } from "./chatbot/handover.ts";
import { begin, restart } from "./chatbot/greeting.ts";
import { answerQueues } from "./chatbot/menu.ts";
import { answerOptions } from "./chatbot/options.ts";
import type { MediaStore } from "../media/store.ts";
import type { Hub } from "../realtime/hub.ts";
import { FlowProgram } from "./flows/program.ts";
import { announceRun, type FlowOptions } from "./flows/turn.ts";
import type { TestStart } from "./flows/runs.ts";
import { AGENT_DEFAULTS, AgentProgram } from "./agents/program.ts";
import type { SecretBox } from "../secrets/box.ts";
import type { AddressPolicy } from "../integrations/addresses.ts";
import type { DialogflowClient } from "../integrations/dialogflow/client.ts";
import { IntegrationProgram } from "./integrations/program.ts";
import { runnable } from "./flows/triggers.ts";

export interface EngineDoors {
  registry: TenantRegistry;
  control: ControlDb;
  outbound: Outbound;
  move: MoveTicket;
  now: () => Date;
  lane: Lane;
  /** deps.timers.arm */
  arm: (companyId: number, kind: string, nextAt: string | null) => Promise<void>;
  /** The flows' files (/public) and their pace and stop words; the hub hears their lines. */
  media: MediaStore;
  hub: Hub;
  flows: FlowOptions;
  /** deps.secrets (made after the engine): the agents' keys are opened with it. */
  secrets: () => SecretBox;
  /** deps.addresses (made after the engine). */
  addresses: () => AddressPolicy;
  /** deps.dialogflow (made after the engine). */
  dialogflow: () => DialogflowClient;
  /** Waits between an integration's bubbles (Typebot's delays); tests record them instead. */
  pause: (ms: number) => Promise<void>;
  /** AZURE_SPEECH_URL: where agents' voice answers are synthesised. */
  speechUrl: string;
}

export class Engine {
  readonly wakeJob: BotWake;
  readonly flows: FlowProgram;
  readonly agents: AgentProgram;
  readonly integrations: IntegrationProgram;

  constructor(private doors: EngineDoors) {
    this.wakeJob = new BotWake({
      ...doors,
      wake: (t, ticketId, now) => this.#wake(t, ticketId, now),
    });
    this.flows = new FlowProgram({
      ...doors,
      armWake: (t, at) => this.wakeJob.armBy(t, at),
      options: doors.flows,
    });
    this.agents = new AgentProgram({
      ...doors,
      armWake: (t, at) => this.wakeJob.armBy(t, at),
      options: { ...AGENT_DEFAULTS, typingMs: doors.flows.typingMs },
    });
    this.integrations = new IntegrationProgram({
      ...doors,
      armWake: (t, at) => this.wakeJob.armBy(t, at),
      startFlow: async (t, ticket, flowId) => {
        const flow = await runnable(t, flowId);
        return !!flow &&
          await this.flows.start(t, ticket, { ...flow, trigger: "integration", campaignId: null });
      },
    });
  }

  /**
   * The editor's Testar: `start` runs in the ticket (a sandbox customer's), in the ticket's
   * lane as its messages are. Whatever program ran there ends, a person's ticket goes back to
   * the bot, and the walk begins at the start block; the customer's next messages continue
   * it as any run's. The run's id, or null (the ticket is gone, or the version unreadable).
   */
  testFlow(t: Tenant, ticketId: number, start: Omit<TestStart, "trigger" | "campaignId">) {
    return this.doors.lane(t.companyId, ticketId, async (): Promise<number | null> => {
      let ticket = await loadTicket(t.db, ticketId);
      if (!ticket) return null;
      if (ticket.status !== "pending" || ticket.userId !== null) {
        ticket = await this.doors.move(t, ticketId, { status: "pending" }) ?? ticket;
      }
      const test: TestStart = { ...start, trigger: "test", campaignId: null };
      if (!await this.flows.start(t, ticket, test)) return null;
      return (await stateOf(t, ticketId))?.runId ?? null;
    });
  }

  readonly handler: InboundHandler = {
    name: "engine",
    gate: screen,
    decide: (a) => this.#hold(a),
    after: (s) => this.#after(s),
  };

  /**
   * A conversation the bot will talk in (a new or returning one, on a connection with a
   * menu) starts held by it: off the desk's waiting lists and bells until it routes the
   * customer or gives up.
   */
  async #hold(a: Arrival): Promise<Decision | undefined> {
    if (a.msg.fromMe || a.msg.group || a.chat.isGroup || a.chat.disableBot) return;
    if (a.latest && a.latest.status !== "closed") return;
    if (
      await hasMenu(a.tenant, a.whatsappId) || await this.agents.mayStart(a.tenant, a.whatsappId) ||
      await this.integrations.mayStart(a.tenant, a.whatsappId) || await this.flows.mayStart(a)
    ) {
      return { kind: "hold" };
    }
  }

  /** The moves and messages that end or hand over a conversation. */
  listen(bus: DomainBus) {
    bus.on(TICKET_CLOSED, async ({ tenant, after }) => {
      this.#ended(tenant, after.id, await clearState(tenant, after.id));
    });
    bus.on(
      TICKET_ACCEPTED,
      async ({ tenant, after }) => await this.#stop(tenant, after.id, "accepted"),
    );
    bus.on(TICKET_TRANSFERRED, async ({ tenant, after, byUserId }) => {
      if (byUserId !== null) await this.#stop(tenant, after.id, "transferred");
    });
  }

  /** A person took over: the program stops, and a flow run it walked is said to have ended. */
  async #stop(t: Tenant, ticketId: number, reason: string) {
    this.#ended(t, ticketId, (await stopProgram(t, ticketId, reason)).run);
  }

  #ended(t: Tenant, ticketId: number, run: EndedRun | undefined) {
    if (!run) return;
    announceRun(this.doors.hub, t.companyId, {
      runId: run.runId,
      flowId: run.flowId,
      ticketId,
      node: run.node ?? "",
      status: "stopped",
    });
  }

  async #after(s: Stored): Promise<"stop" | void> {
    const { tenant: t, ticket, message } = s;
    if (ticket.isGroup || ticket.contact.disableBot) return;
    // Typed on the company's phone: a person answers this conversation.
    if (message.fromMe) {
      await this.#stop(t, ticket.id, "agentReplied");
      return void await release(this.doors, t, ticket);
    }
    if (ticket.status !== "pending" || ticket.userId !== null) return;
    const { state: current, triggers } = await this.flows.read(t, ticket);
    // A flow that starts or runs takes the message; the queue menu only when none does.
    if (await this.flows.onMessage(s, current, triggers)) return "stop";
    // Then an agent (the connection's, or the ticket's queue's), before the queue menu.
    if (await this.agents.onMessage(s, current)) return "stop";
    // Then an integration (the connection's, or the ticket's queue's).
    if (await this.integrations.onMessage(s, current)) return "stop";
    const state = s.fresh ? await startState(t, ticket.id, "queueMenu", "start") : current;
    // Held with no bot talking (its state was lost): the customer waits for a person.
    if (!isRunning(state)) return void await release(this.doors, t, ticket);
    // A stopped company (deactivated, overdue): the message is kept, the bot neither answers nor
    // moves the ticket, and this turn never runs later; the first message once the company is
    // back gets the bot from where it was (a new conversation's greeting included).
    if (await this.doors.outbound.stopped(t.companyId)) return "stop";
    const talk = await this.#talk(t, ticket, state, this.doors.now());
    if (!talk) return;
    const said = message.body.trim();
    if (s.fresh || await this.#stillOurs(talk)) {
      if (asksForPerson(said, talk.setup.handoverWords)) await talk.handover("handoverWord");
      else if (s.fresh) await begin(talk);
      else await this.#answer(talk, said);
    }
    // A message the bot neither answered nor waits on is left to the handlers after it.
    if (talk.spoke || isRunning(talk.state)) return "stop";
  }

  async #talk(t: Tenant, ticket: TicketDto, state: AutomationState, now: Date) {
    if (ticket.whatsappId === null) return null;
    const setup = await loadSetup(t, ticket.whatsappId);
    if (!setup) return null;
    const doors = { ...this.doors, armWake: (tenant: Tenant) => this.wakeJob.arm(tenant) };
    return new Talk(doors, t, ticket, state, setup, now);
  }

  /** Whether the bot may go on: its time is not up, and nobody moved the ticket under it. */
  async #stillOurs(talk: Talk) {
    const { state, ticket, now } = talk;
    if (state.wakeAt && state.wakeAt <= now.toISOString()) {
      await talk.handover("timeLimit");
      return false;
    }
    if (state.queueId !== ticket.queueId) {
      const gone = state.queueId !== null && !(await queueById(talk.t, state.queueId));
      if (gone) await talk.misconfigured("queueGone");
      else await talk.stop("movedElsewhere");
      return false;
    }
    return true;
  }

  async #answer(talk: Talk, text: string) {
    if (talk.state.cursor === "queues") return await answerQueues(talk, text);
    if (talk.state.cursor === "options") {
      if (await answerOptions(talk, text) === "restart") await restart(talk);
      return;
    }
    // "start": the server stopped before the first answer went out; it goes out now.
    await begin(talk);
  }

  /**
   * A menu's time limit: the customer is told a person will answer, and the ticket leaves
   * the bot to wait for one where it is (a stopped company's ticket goes quietly). A flow's
   * wake-up (an interval, a question's no-reply time) moves its run on; a stopped company's
   * run waits until it is back.
   */
  async #wake(t: Tenant, ticketId: number, now: Date) {
    const state = await stateOf(t, ticketId);
    if (!state?.wakeAt || state.wakeAt > now.toISOString()) return;
    const ticket = await loadTicket(t.db, ticketId);
    if (!ticket || ticket.status !== "pending" || ticket.userId !== null) {
      return void await stopState(t, ticketId, "accepted");
    }
    if (state.program === "flow") {
      if (await this.doors.outbound.stopped(t.companyId)) return;
      return await this.flows.onWake(t, ticket, state);
    }
    if (state.program === "agent") {
      if (await this.doors.outbound.stopped(t.companyId)) return;
      return await this.agents.onWake(t, ticket, state);
    }
    if (state.program === "integration") {
      if (await this.doors.outbound.stopped(t.companyId)) return;
      return await this.integrations.onWake(t, ticket, state);
    }
    const talk = await this.#talk(t, ticket, state, now);
    if (talk && !(await this.doors.outbound.stopped(t.companyId))) {
      return await talk.handover("timeLimit");
    }
    await stopState(t, ticketId, "timeLimit");
    await release(this.doors, t, ticket);
  }
}
