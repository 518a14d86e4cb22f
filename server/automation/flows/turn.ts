// One turn of a flow run in one ticket: what it knows (the ticket, its state, the version's
// graph, the instant) and the only things it does: say, send a file, remember where it is,
// end, log a step. The walker and the blocks are written against this, as the queue menu's
// rules are written against chatbot/talk.ts.
import type { Tenant } from "../../tenancy/registry.ts";
import type { TicketDto } from "../../modules/tickets/dto.ts";
import type { Outbound } from "../../modules/messages/outbound.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import type { MediaStore, Upload } from "../../media/store.ts";
import type { FlowGraph } from "../../../contracts/flowGraph.ts";
import { ticketNotes } from "../../../db/tenant/schema.ts";
import { customFieldsOf } from "../../modules/contacts/service.ts";
import { handoverText } from "../chatbot/handover.ts";
import { text, type TextKey } from "../../i18n/texts.ts";
import type { Hub } from "../../realtime/hub.ts";
import {
  companyEvent,
  FLOW_RUN_EVENT,
  type FlowRunEvent,
  ticketRoom,
} from "../../../contracts/realtime.ts";
import { readCursor } from "./cursor.ts";
import {
  type AutomationState,
  endState,
  flowToAgent,
  flowToIntegration,
  moveRun,
  type RunPlace,
  type RunStatus,
  STOPPED,
} from "../state.ts";
import { type MoveTicket, release } from "../chatbot/talk.ts";
import { type Step, stepRows } from "./runs.ts";
import { flowSteps } from "../../../db/tenant/flows.ts";
import { AppError } from "../../http/errors.ts";

export interface FlowOptions {
  /** "typing…" before each text (ms; 0 in tests and benches). */
  typingMs: number;
  /** The randomizer's source (tests give their own). */
  random: () => number;
}

export interface FlowDoors {
  control: ControlDb;
  outbound: Outbound;
  move: MoveTicket;
  media: MediaStore;
  /** The conversation's room hears the flow's lines (notes, as people's are). */
  hub: Hub;
  /** A wake-up at `at` was written: the company's due timer must not sleep past it. */
  armWake: (t: Tenant, at: string) => Promise<void>;
  /** The program's clock (tests move it). */
  now: () => Date;
  options: FlowOptions;
}

/** A run entered a block or ended (company-{c}-flowRun, heard by the company's managers). */
export function announceRun(hub: Hub, companyId: number, event: FlowRunEvent) {
  hub.publish(companyId, companyEvent(companyId, FLOW_RUN_EVENT), event);
}

/** How long a turn in progress may take before the wake-up takes it up (a server killed mid-turn). */
export const WATCHDOG_MS = 30_000;

export class FlowTurn {
  /** The bot answered in this turn (later handlers leave the message alone). */
  spoke = false;
  /** The run no longer walks: ended by the turn, or stopped under it (a person took over). */
  over = false;
  /** What the flow decided in this turn, for the conversation (written once, at its end). */
  #lines: string[] = [];
  #steps: Step[] = [];
  #ending: string | null = null;
  #fields: Record<string, string> | null = null;

  constructor(
    readonly doors: FlowDoors,
    readonly t: Tenant,
    public ticket: TicketDto,
    public state: AutomationState,
    readonly graph: FlowGraph,
    readonly now: Date,
  ) {}

  /** Where the run stands (cursor.ts). */
  get cursor() {
    return readCursor(this.state.cursor);
  }

  get runId() {
    return this.state.runId!;
  }

  get flowId() {
    return this.state.flowId!;
  }

  /** The instant a wait of `seconds` from now ends. */
  after(seconds: number) {
    return new Date(this.now.getTime() + seconds * 1000).toISOString();
  }

  watchdog() {
    return new Date(this.now.getTime() + WATCHDOG_MS).toISOString();
  }

  /** Moves the run on (false: it was stopped meanwhile, and says nothing more). */
  async remember(patch: Partial<RunPlace>): Promise<boolean> {
    const { cursor, wakeAt, rounds, answers } = { ...this.state, ...patch };
    const saved = await moveRun(this.t, this.state.id, { cursor, wakeAt, rounds, answers });
    if (!saved) {
      this.over = true;
      this.state = { ...this.state, cursor: STOPPED };
      return false;
    }
    this.state = saved;
    if (saved.wakeAt) await this.doors.armWake(this.t, saved.wakeAt);
    return true;
  }

  /**
   * The OpenAI block's agent takes the conversation, answering it as it stands at once (its
   * window due now). The turn walks no further (false: a person stopped the run first).
   */
  toAgent(node: string): Promise<boolean> {
    return this.#handOver(flowToAgent(this.t, this.state, node, this.now.toISOString()));
  }

  /** The TypeBot block's Typebot takes the conversation, woken at once to start its chat. */
  toIntegration(node: string): Promise<boolean> {
    return this.#handOver(flowToIntegration(this.t, this.state, node, this.now.toISOString()));
  }

  async #handOver(handed: Promise<AutomationState | undefined>): Promise<boolean> {
    const row = await handed;
    this.over = true;
    if (!row) {
      this.state = { ...this.state, cursor: STOPPED };
      return false;
    }
    this.state = row;
    await this.doors.armWake(this.t, row.wakeAt!);
    return true;
  }

  /** Ends the run (false: a person stopped it first); release() then hands the ticket to people. */
  async end(status: RunStatus, reason: string, node: string): Promise<boolean> {
    const ended = await endState(this.t, this.ticket.id, reason, status, node);
    // Said last in the turn's lines, after what the ending block decided.
    if (ended) {
      this.#ending = text(this.t.language, `flow.note.${status}` as TextKey, { reason });
      this.announce(node, status);
    }
    this.over = true;
    this.state = { ...this.state, cursor: STOPPED, stopReason: reason, wakeAt: null };
    return ended;
  }

  /** Where the run stands, for the company's managers (the editor's Testar highlights the block). */
  announce(node: string, status: FlowRunEvent["status"]) {
    announceRun(this.doors.hub, this.t.companyId, {
      runId: this.runId,
      flowId: this.flowId,
      ticketId: this.ticket.id,
      node,
      status,
    });
  }

  /** The ticket goes to the desk's waiting lists (people answer from here). */
  async release() {
    const moved = await release(this.doors, this.t, this.ticket);
    if (moved) this.ticket = moved;
  }

  /** The flow's variables for a text: its answers, the contact's name and custom fields. */
  async values(body: string): Promise<Record<string, string>> {
    if (!body.includes("{")) return {};
    if (this.#fields === null) {
      const rows = await customFieldsOf(this.t, this.ticket.contactId);
      this.#fields = {};
      for (const f of rows) {
        this.#fields[f.name] = f.value;
        this.#fields[`contact.${f.name}`] = f.value;
      }
    }
    return {
      ...this.#fields,
      "contact.name": this.ticket.contact.name,
      "contact.number": this.ticket.contact.number,
      "contact.email": this.ticket.contact.email,
      ...this.state.answers,
    };
  }

  async say(body: string) {
    if (!body.trim()) return;
    await this.doors.outbound.toTicket(this.t, this.ticket, {
      body,
      keepPreview: true,
      values: await this.values(body),
      typingMs: this.doors.options.typingMs,
    });
    this.spoke = true;
  }

  /** The customer is told a person will answer (the connection's handover message, else the server's). */
  async handoverMessage() {
    await this.say(await handoverText(this.t, this.ticket.whatsappId));
  }

  /** A file of the company's public media (a flow's image, audio or video). */
  async sendFile(url: string, opts: { ptt?: boolean; caption?: string } = {}) {
    const file = await this.mediaOf(url);
    await this.doors.outbound.toTicket(this.t, this.ticket, {
      body: opts.caption ?? "",
      files: [file],
      ptt: opts.ptt,
      keepPreview: true,
    });
    this.spoke = true;
  }

  /** A block's file: a /public URL of the company, or a bare name under it (the editor's uploads). */
  async mediaOf(url: string): Promise<Upload> {
    const companyId = this.t.companyId;
    const path = url.startsWith("/public/")
      ? url
      : `/public/${companyId}/${url.replace(/^\/+/, "")}`;
    const file = await this.doors.media.read(companyId, path);
    if (!file) {
      throw new AppError("ERR_ATTACHMENT_NOT_FOUND", 404, `the block's file is gone: ${path}`);
    }
    const fileName = path.slice(path.lastIndexOf("/") + 1);
    return {
      ...file,
      fileName,
      stored: { url: path, fileName, mimetype: file.mimetype, size: file.data.byteLength },
    };
  }

  async move(patch: { queueId?: number | null; userId?: number | null; chatbot?: boolean }) {
    const moved = await this.doors.move(this.t, this.ticket.id, patch);
    if (moved) this.ticket = moved;
  }

  /** A line for the conversation: what the flow decided, visibly automatic (flush() writes them). */
  note(key: TextKey, vars: Record<string, string> = {}) {
    this.#lines.push(text(this.t.language, key, vars));
  }

  /**
   * The turn's step log and lines, written once at its end: the lines go into the conversation
   * as notes without an author (the automatic ones) and to the ticket's room as people's notes
   * go. A server killed mid-turn loses that turn's log lines, never the run's place.
   */
  async flush() {
    const lines = this.#ending ? [...this.#lines, this.#ending] : this.#lines;
    const steps = this.#steps;
    this.#lines = [];
    this.#steps = [];
    this.#ending = null;
    const notes = lines.length
      ? this.t.db.insert(ticketNotes).values(lines.map((note) => ({
        note,
        userId: null,
        contactId: this.ticket.contactId,
        ticketId: this.ticket.id,
      }))).returning()
      : null;
    const log = steps.length
      ? this.t.db.insert(flowSteps).values(stepRows(this.runId, this.flowId, steps))
      : null;
    if (!notes && !log) return;
    // One transaction for the turn's log and lines, not one per block.
    let rows: (typeof ticketNotes.$inferSelect)[] = [];
    if (notes && log) [rows] = await this.t.db.batch([notes, log]);
    else if (notes) rows = await notes;
    else await log;
    const c = this.t.companyId;
    for (const row of rows) {
      this.doors.hub.publish(c, companyEvent(c, "ticketNote"), {
        action: "create",
        note: { ...row, user: null },
      }, ticketRoom(this.ticket.id));
    }
  }

  /** A line of the run's step log (written by flush(), with the turn's lines). */
  log(step: Step) {
    this.#steps.push(step);
  }
}
