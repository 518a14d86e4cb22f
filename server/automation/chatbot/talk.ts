// One turn of the menu bot in one ticket: what it knows (the ticket, its state, the
// configuration, the instant) and the only things it does: say, move the ticket, remember,
// stop. The rule modules (greeting, menu, options) are written against this.
import type { Tenant } from "../../tenancy/registry.ts";
import type { TicketDto } from "../../modules/tickets/dto.ts";
import type { Outbound } from "../../modules/messages/outbound.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import type { SystemMove } from "../../modules/tickets/moves.ts";
import {
  type AutomationState,
  handToAgent,
  handToIntegration,
  saveState, type StatePatch, STOPPED } from "../state.ts";
import type { Setup } from "./setup.ts";
import { log } from "../../log.ts";
import { text } from "../../i18n/texts.ts";

/** Moves a ticket as the system (moveBySystem): applied, tracked, published, announced. */
export type MoveTicket = (
  t: Tenant,
  ticketId: number,
  patch: SystemMove,
) => Promise<TicketDto | null>;

export interface TalkDoors {
  control: ControlDb;
  outbound: Outbound;
  move: MoveTicket;
  /** A wake-up was written: the company's due timer must not sleep past it. */
  armWake: (t: Tenant) => Promise<void>;
}

export class Talk {
  constructor(
    readonly doors: TalkDoors,
    readonly t: Tenant,
    public ticket: TicketDto,
    public state: AutomationState,
    readonly setup: Setup,
    readonly now: Date,
  ) {}

  /** The bot answered this message (later handlers leave it alone). */
  spoke = false;

  async say(body: string) {
    if (!body.trim() || this.state.cursor === STOPPED) return;
    await this.doors.outbound.toTicket(this.t, this.ticket, { body, keepPreview: true });
    this.spoke = true;
  }

  /** Into a queue (null: out of any), the ticket still waiting; no move when it is there already. */
  async toQueue(queueId: number | null) {
    if (queueId === this.ticket.queueId) return;
    const moved = await this.doors.move(this.t, this.ticket.id, { queueId });
    if (moved) this.ticket = moved;
  }

  async remember(patch: StatePatch) {
    const saved = await saveState(this.t, this.state.id, patch);
    // Stopped under the bot's feet (a person took over): it says nothing more in this turn.
    this.state = saved ?? { ...this.state, cursor: STOPPED };
    if (saved?.wakeAt) await this.doors.armWake(this.t);
  }

  /**
   * The conversation goes on with the ticket's queue's agent (the bot still holds it);
   * speakFirst: the agent answers at once rather than at the customer's next message.
   */
  async toAgent(speakFirst: boolean) {
    const saved = await handToAgent(this.t, this.state.id, speakFirst ? this.now.toISOString() : null);
    this.state = saved ?? { ...this.state, cursor: STOPPED };
    if (saved?.wakeAt) await this.doors.armWake(this.t);
  }

  /** The conversation goes on with the ticket's queue's integration (the bot still holds it), woken at once. */
  async toIntegration() {
    const saved = await handToIntegration(this.t, this.state.id, this.ticket.id, this.now.toISOString());
    this.state = saved ?? { ...this.state, cursor: STOPPED };
    if (saved?.wakeAt) await this.doors.armWake(this.t);
  }

  /** When a menu shown now stops waiting for a choice (null: it waits as long as it takes). */
  deadline(): string | null {
    return this.setup.minutes > 0
      ? new Date(this.now.getTime() + this.setup.minutes * 60_000).toISOString()
      : null;
  }

  /** The bot is done here; the ticket waits for a person where it is (on the waiting lists). */
  async stop(reason: string) {
    await this.remember({ cursor: STOPPED, stopReason: reason, wakeAt: null });
    const moved = await release(this.doors, this.t, this.ticket);
    if (moved) this.ticket = moved;
  }

  /** The bot gives the conversation to people, and tells the customer someone will answer. */
  async handover(reason: string) {
    await this.say(this.setup.handoverMessage.trim() || text(this.t.language, "bot.handover"));
    await this.stop(reason);
  }

  /**
   * An answer that chooses nothing: one more round, and the menu again, until the
   * connection's limit (maxUseBotQueues; 0: none); then the ticket waits for a person.
   */
  async wrongAnswer(repeat: () => Promise<void>) {
    const rounds = this.state.rounds + 1;
    await this.remember({ rounds });
    if (this.setup.maxRounds > 0 && rounds >= this.setup.maxRounds) {
      return await this.handover("roundsLimit");
    }
    await repeat();
  }

  /** Closed: the out-of-hours text once in the conversation, and the ticket waits for a person. */
  async closed(text: string) {
    if (!this.state.outOfHoursAt) await this.say(text);
    await this.remember({ outOfHoursAt: this.state.outOfHoursAt ?? this.now.toISOString() });
    await this.stop("outOfHours");
  }

  /** A configuration the bot cannot follow: the customer waits for a person, and the company can see why. */
  async misconfigured(reason: string) {
    log.warn("automation: bad configuration, the ticket waits for a person", {
      companyId: this.t.companyId,
      ticketId: this.ticket.id,
      reason,
    });
    await this.stop(reason);
  }
}

/** A ticket the bot held goes to the desk's waiting lists (Ticket.chatbot false); null: nothing to do. */
export async function release(doors: Pick<TalkDoors, "move">, t: Tenant, ticket: TicketDto) {
  return ticket.chatbot ? await doors.move(t, ticket.id, { chatbot: false }) : null;
}
