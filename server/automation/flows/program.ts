// The flow runtime, the engine's second program (the queue menu is the first): which flow a
// customer's message starts or continues (triggers.ts, docs/api.md), the run's wake-ups, and
// the ways out (the stop words; a person taking over is the engine's own listeners, which end
// the run with the state). The engine calls it first: the queue menu answers only the
// messages no flow takes.
import { eq } from "drizzle-orm";
import type { Arrival, Stored } from "../../inbox/handlers.ts";
import { flows } from "../../../db/tenant/flows.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import type { TicketDto } from "../../modules/tickets/dto.ts";
import { START_ID } from "../../../contracts/flowGraph.ts";
import { type AutomationState, endState, isRunning, stateOf } from "../state.ts";
import { release } from "../chatbot/talk.ts";
import { folded } from "../chatbot/handover.ts";
import { text } from "../../i18n/texts.ts";
import {
  connectionTriggers,
  conversationStart,
  firstConversation,
  phraseStart,
  type Start,
  stateAndTriggers,
  type Triggers,
} from "./triggers.ts";
import { runVersion, startRun, type TestStart } from "./runs.ts";
import { versionGraph } from "./versions.ts";
import { pendingAt, readCursor } from "./cursor.ts";
import { announceRun, type FlowDoors, FlowTurn, WATCHDOG_MS } from "./turn.ts";
import { ENTER, walk } from "./walker.ts";
import { log } from "../../log.ts";
import { getSetting } from "../../modules/settings/service.ts";
import { GrowthCollector } from "../../tenancy/collect.ts";

/**
 * Full collections for the flows' turns (tenancy/collect.ts): a turn leaves tens of KB that
 * live across its awaits, long enough to reach the old generation. Measured on bench:flows
 * (1,000 customers walking at once), V8 let them pile up to 130 MB above idle when the
 * turns' live memory was under 25 MB. Every 50 turns the heap is looked at; 32 MB of growth
 * asks for a collection.
 */
export const TURNS_BETWEEN_LOOKS = 50;
export const HEAP_GROWTH_BYTES = 32 * 1024 * 1024;

async function flowName(t: Tenant, flowId: number) {
  const [f] = await t.db.select({ name: flows.name }).from(flows).where(eq(flows.id, flowId));
  return f?.name ?? String(flowId);
}

/** The whole message is one of the company's flowStopWords (case, accents and punctuation aside). */
async function stopWord(t: Tenant, body: string) {
  const said = folded(body);
  if (said === "") return false;
  const words = await getSetting(t.db, "flowStopWords");
  return words.split(",").some((w) => folded(w) === said);
}

export const isFlow = (s: AutomationState | undefined): s is AutomationState =>
  isRunning(s) && s.program === "flow";

export class FlowProgram {
  readonly #turns = new GrowthCollector(TURNS_BETWEEN_LOOKS, HEAP_GROWTH_BYTES);

  constructor(readonly doors: FlowDoors) {}

  /**
   * Decide phase, for a conversation that starts or comes back: whether a flow may take it
   * (a phrase matches, or the connection has a welcome or not-phrase flow), so the ticket
   * starts held by the bot. The after phase decides for good.
   */
  async mayStart(a: Arrival): Promise<boolean> {
    const c = await connectionTriggers(a.tenant, a.whatsappId);
    if (c.welcome !== null || c.notPhrase !== null) return true;
    return !!await phraseStart(a.tenant, a.whatsappId, c, a.msg.body);
  }

  /** The ticket's state and what may start a flow on its connection (one read). */
  async read(
    t: Tenant,
    ticket: TicketDto,
  ): Promise<{ state: AutomationState | undefined; triggers: Triggers }> {
    if (ticket.whatsappId === null) {
      return {
        state: await stateOf(t, ticket.id),
        triggers: { welcome: null, notPhrase: null, campaigns: false },
      };
    }
    return await stateAndTriggers(t, ticket.id, ticket.whatsappId);
  }

  /**
   * A customer's message in a ticket no person serves. "stop": a flow took it (the queue
   * menu and later handlers leave it alone); undefined: no flow applies.
   */
  async onMessage(
    s: Stored,
    state: AutomationState | undefined,
    triggers: Triggers,
  ): Promise<"stop" | undefined> {
    const { tenant: t, ticket, message } = s;
    if (ticket.whatsappId === null) return;
    const running = isFlow(state);
    if (running && await stopWord(t, message.body)) {
      if (await this.doors.outbound.stopped(t.companyId)) return "stop";
      await this.#leave(t, ticket, state);
      return "stop";
    }
    let start: Start | null = await phraseStart(t, ticket.whatsappId, triggers, message.body);
    if (!start && running) {
      if (await this.doors.outbound.stopped(t.companyId)) return "stop";
      await this.#continue(t, ticket, state, message.body);
      return "stop";
    }
    if (!start && s.fresh) {
      start = await conversationStart(t, triggers, () => firstConversation(t, ticket, message.id));
    }
    if (!start) return;
    if (await this.doors.outbound.stopped(t.companyId)) return "stop";
    return await this.start(t, ticket, start) ? "stop" : undefined;
  }

  /**
   * A new run of `start` in the ticket: any flow running there ends, the bot holds the ticket,
   * the walk begins at the start block. false: its published version is unreadable (logged),
   * nothing started.
   */
  async start(t: Tenant, ticket: TicketDto, start: Start | TestStart): Promise<boolean> {
    const graph = await versionGraph(t, start.versionId);
    if (!graph) {
      log.warn("flows: a published version is missing", {
        companyId: t.companyId,
        flowId: start.flowId,
      });
      return false;
    }
    const now = this.doors.now();
    const state = await startRun(
      t,
      ticket.id,
      start,
      pendingAt(START_ID),
      new Date(now.getTime() + WATCHDOG_MS).toISOString(),
    );
    const turn = new FlowTurn(this.doors, t, ticket, state, graph, now);
    if (!ticket.chatbot) await turn.move({ chatbot: true });
    turn.note("flow.note.start", { flow: await flowName(t, start.flowId) });
    await walk(turn, START_ID, ENTER);
    await turn.flush();
    this.#turns.count();
    return true;
  }

  /** The message goes to the block the run waits at (or, after a turn cut short, the walk goes on first). */
  async #continue(t: Tenant, ticket: TicketDto, state: AutomationState, body: string) {
    const turn = await this.#turn(t, ticket, state);
    if (!turn) return;
    const { node, element, pending } = turn.cursor;
    await walk(
      turn,
      node,
      pending ? { kind: "enter", element: element ?? 0 } : { kind: "reply", text: body },
    );
    await turn.flush();
    this.#turns.count();
  }

  /** The run's wake-up (an interval's end, a question's no-reply time, a turn cut short). */
  async onWake(t: Tenant, ticket: TicketDto, state: AutomationState) {
    const turn = await this.#turn(t, ticket, state);
    if (!turn) return;
    const { node, element, pending } = turn.cursor;
    await walk(turn, node, pending ? { kind: "enter", element: element ?? 0 } : { kind: "wake" });
    await turn.flush();
    this.#turns.count();
  }

  /** The run's turn, on the version it started on (gone: the run fails and people take over). */
  async #turn(t: Tenant, ticket: TicketDto, state: AutomationState): Promise<FlowTurn | null> {
    const versionId = state.runId === null ? null : await runVersion(t, state.runId);
    const graph = versionId === null ? null : await versionGraph(t, versionId);
    if (!graph) {
      log.warn("flows: a run's version is gone, the conversation goes to people", {
        companyId: t.companyId,
        ticketId: ticket.id,
      });
      await endState(t, ticket.id, "versionGone", "failed");
      await release(this.doors, t, ticket);
      return null;
    }
    return new FlowTurn(this.doors, t, ticket, state, graph, this.doors.now());
  }

  /** The customer asked to leave: the run stops, a short line says people will answer, the ticket goes to them. */
  async #leave(t: Tenant, ticket: TicketDto, state: AutomationState) {
    const { node } = readCursor(state.cursor);
    if (!await endState(t, ticket.id, "stopWord", "stopped")) return;
    if (state.runId !== null && state.flowId !== null) {
      announceRun(this.doors.hub, t.companyId, {
        runId: state.runId,
        flowId: state.flowId,
        ticketId: ticket.id,
        node,
        status: "stopped",
      });
    }
    await this.doors.outbound.toTicket(t, ticket, {
      body: text(t.language, "flow.left"),
      keepPreview: true,
    });
    await release(this.doors, t, ticket);
  }
}
