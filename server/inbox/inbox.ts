// The inbox's door for channel events: each company's events run one at a time, each
// inside a borrowed tenant handle.
import { eq } from "drizzle-orm";
import type { TenantRegistry } from "../tenancy/registry.ts";
import type { Hub } from "../realtime/hub.ts";
import type {
  AckEvent,
  CallEvent,
  ChannelSession,
  EditEvent,
  IdentityEvent,
  InboundMessage,
  RestrictionEvent,
  RevokeEvent,
} from "../channels/channel.ts";
import { text } from "../i18n/texts.ts";
import { contacts } from "../../db/tenant/schema.ts";
import { type Ingested, prepareIngest } from "./ingest.ts";
import type { MessageDto } from "../modules/messages/dto.ts";
import { ACK_ERROR, applyAck, applyEdit, applyRevoke } from "./updates.ts";
import { Serial } from "../tenancy/serial.ts";
import { SlicedQueue } from "../timers/slicer.ts";
import { inForeground } from "../tenancy/loop_slice.ts";
import { SearchIndexer } from "../modules/tickets/search-index.ts";
import { groupWriter } from "./group-writer.ts";
import type { MediaStore } from "../media/store.ts";
import { getSetting } from "../modules/settings/service.ts";
import { learnLid, publishContact } from "../modules/contacts/identity.ts";
import { type AddressEntry, saveAddressBook } from "../modules/contacts/addressbook.ts";
import { loadTicket } from "../modules/tickets/dto.ts";
import type { Outbound } from "../modules/messages/outbound.ts";
import { isSendingStopped } from "../modules/companies/sending.ts";
import { CONNECTION_RESTRICTED, type DomainBus, MESSAGE_ACK } from "../events/domain.ts";
import type { InboundHandler } from "./handlers.ts";
import { errorFields, log } from "../log.ts";

export interface InboxDeps {
  registry: TenantRegistry;
  hub: Hub;
  bus: DomainBus;
  media: MediaStore;
  outbound: Outbound;
  /** What plugs into the pipeline, in order: see ./handlers.ts. */
  handlers: InboundHandler[];
  /** How long one inbound media download may hold the company's queue. Default 60 s. */
  mediaTimeoutMs?: number;
}

export class Inbox {
  readonly serial = new Serial();
  readonly search: SearchIndexer;
  /** The after-phase lanes: one per ticket, so a ticket's messages are answered in order. */
  readonly #lanes = new Serial();
  readonly #pending = new Set<Promise<unknown>>();
  /**
   * Channel events being handled. WhatsApp was told each one arrived (Baileys sends the
   * receipt before it emits the message) and will not send it again: a shutdown waits
   * for them before the databases close.
   */
  readonly #inflight = new Set<Promise<unknown>>();
  /** Aborted when a shutdown's drain runs short of time: downloads give up, messages stay. */
  readonly #stopping = new AbortController();
  readonly #ingest: InboxDeps & { stopping: AbortSignal };
  /** Receipts come in bursts: they let requests in every few milliseconds, without waiting for them. */
  readonly #acks = new SlicedQueue();

  constructor(private deps: InboxDeps) {
    this.search = new SearchIndexer(deps.registry);
    this.#ingest = { ...deps, stopping: this.#stopping.signal };
  }

  #track<T>(run: Promise<T>): Promise<T> {
    const tracked = run.catch(() => {}).finally(() => this.#inflight.delete(tracked));
    this.#inflight.add(tracked);
    return run;
  }

  /** Runs fn in the ticket's after-phase lane (timer wake-ups that talk in the ticket use it too). */
  ticketLane<T>(companyId: number, ticketId: number, fn: () => Promise<T>): Promise<T> {
    return this.#afterPhase(this.#lanes.run(`${companyId}:${ticketId}`, fn));
  }

  /** Work settled() waits for: the after phase and the queued acks. */
  #afterPhase<T>(run: Promise<T>): Promise<T> {
    const tracked = run.catch(() => {}).finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
    return run;
  }

  /** Resolves when every after-phase task and ack queued so far has finished. */
  async settled(): Promise<void> {
    while (this.#pending.size) await Promise.all([...this.#pending]);
  }

  /**
   * Shutdown, once the sockets are closed: waits for every channel event taken so far to
   * be stored, and for their after phase, at most ms. Halfway through, media downloads
   * still running give up (the message is stored with its download marker rather than
   * lost). False when time ran out.
   */
  async drain(ms: number): Promise<boolean> {
    const abort = setTimeout(() => this.#stopping.abort(), ms / 2);
    try {
      return await this.quiet(ms);
    } finally {
      clearTimeout(abort);
    }
  }

  /**
   * A company handed to another instance, its sockets closed: what they handed over is
   * stored before its lease goes (everything in flight is waited for, at most ms, and
   * nothing is cut short). False when time ran out.
   */
  async quiet(ms: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const out = new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), ms));
    const all = (async () => {
      while (this.#inflight.size || this.#pending.size) await Promise.all([...this.#inflight, ...this.#pending]);
      return true as const;
    })();
    try {
      return await Promise.race([all, out]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Decisions run one message at a time per company; commits are grouped (see GroupWriter). */
  receive(companyId: number, whatsappId: number, msg: InboundMessage): Promise<Ingested | null> {
    return this.#track(inForeground(() => this.deps.registry.with(companyId, async (t) => {
      const finish = await this.serial.run(companyId, () => prepareIngest(this.#ingest, t, whatsappId, msg));
      // The last message of a burst commits the group at once instead of on the next tick.
      if (this.serial.idle(companyId)) groupWriter(t.db).flush();
      const done = await finish();
      if (done && !done.duplicate) this.search.touch(companyId);
      if (done?.stored) void this.#after(companyId, whatsappId, done.message, done.stored);
      return done;
    })));
  }

  /** The handlers' after phase, in the ticket's lane, off the ingest path. */
  #after(companyId: number, whatsappId: number, message: MessageDto, stored: NonNullable<Ingested["stored"]>) {
    const handlers = this.deps.handlers.filter((h) => h.after);
    if (!handlers.length) return;
    return this.ticketLane(companyId, stored.ticket.id, () =>
      this.deps.registry.with(companyId, async (tenant) => {
        for (const h of handlers) {
          try {
            if (await h.after!({ tenant, whatsappId, message, ...stored }) === "stop") return;
          } catch (err) {
            // A stopped company's answer (a rating's thanks) is dropped: the stop was logged once.
            if (isSendingStopped(err)) return;
            log.warn("inbound handler failed", { companyId, ticketId: stored.ticket.id, handler: h.name, ...errorFields(err) });
          }
        }
      })).catch((err) => log.warn("inbound handlers not run", { companyId, ...errorFields(err) }));
  }

  ack(companyId: number, whatsappId: number, e: AckEvent) {
    return this.#track(this.#afterPhase(this.#acks.run(() => this.deps.registry.with(companyId, async (t) => {
      const row = await applyAck(this.deps.hub, t, whatsappId, e.wid, e.ack, e.error);
      // Only a step up of one of ours, or its first refusal: the listeners (a campaign's
      // delivered mark, its refusals) stay off the rest.
      const refused = e.ack === ACK_ERROR;
      if (row?.fromMe && (refused || row.ack === e.ack)) {
        await this.deps.bus.emit(MESSAGE_ACK, { tenant: t, whatsappId, messageId: row.id, ack: e.ack, error: refused ? e.error : undefined });
      }
      return row;
    }))));
  }

  edit(companyId: number, whatsappId: number, e: EditEvent) {
    return this.#track(this.deps.registry.with(companyId, (t) => applyEdit(this.deps.hub, t, whatsappId, e.wid, e.body, e.by)));
  }

  revoke(companyId: number, whatsappId: number, e: RevokeEvent) {
    return this.#track(this.deps.registry.with(companyId, (t) => applyRevoke(this.deps.hub, t, whatsappId, e.wid, e.by)));
  }

  /**
   * A ringing call while the `call` setting is disabled is rejected with a text; a missed
   * or rejected call leaves a call_log line in the customer's ticket.
   */
  call(companyId: number, whatsappId: number, session: ChannelSession, e: CallEvent) {
    return this.#track(this.#call(companyId, whatsappId, session, e));
  }

  async #call(companyId: number, whatsappId: number, session: ChannelSession, e: CallEvent) {
    if (e.status !== "offer" && e.status !== "timeout") return;
    const { disabled, timezone, lang } = await this.deps.registry.with(companyId, async (t) => ({
      lang: t.language,
      disabled: await getSetting(t.db, "call") === "disabled",
      timezone: await getSetting(t.db, "timezone"),
    }));
    if (e.status === "offer" && !disabled) return;
    // The caller's address as WhatsApp gave it (device and lid included): the reject names it as call-creator.
    if (e.status === "offer") await session.rejectCall(e.id, e.from);
    const at = new Intl.DateTimeFormat(lang, { timeZone: timezone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .format(new Date(e.timestamp || Date.now()));
    const logged = await this.receive(companyId, whatsappId, {
      wid: `call-${e.id}`,
      fromMe: false,
      peer: e.peer,
      timestamp: e.timestamp || Date.now(),
      mediaType: "call_log",
      body: text(lang, e.isVideo ? "call.missedVideo" : "call.missedVoice", { time: at }),
    });
    if (!disabled || !logged || logged.duplicate) return;
    await this.deps.registry.with(companyId, async (t) => {
      const ticket = (await loadTicket(t.db, logged.message.ticketId))!;
      await this.deps.outbound.toTicket(t, ticket, { body: text(lang, "call.disabled") }).catch((err) => {
        if (!isSendingStopped(err)) throw err;
      });
    });
  }

  /** A lid seen with its number joins them; a new picture refreshes a known contact. */
  identity(companyId: number, e: IdentityEvent) {
    return this.#track(this.serial.run(companyId, () =>
      this.deps.registry.with(companyId, async (t) => {
        if (e.lid && e.number) await learnLid(t, this.deps.hub, e.lid, e.number);
        if (!e.profilePicUrl || !e.number) return;
        const [c] = await t.db.update(contacts).set({ profilePicUrl: e.profilePicUrl })
          .where(eq(contacts.number, e.number)).returning();
        if (c) publishContact(this.deps.hub, companyId, "update", c);
      })));
  }

  /** The phone's address book as its connection reported it (the channels stay off the contacts' module). */
  addressBook(companyId: number, whatsappId: number, entries: AddressEntry[]) {
    return this.#track(this.deps.registry.with(companyId, (t) => saveAddressBook(t, whatsappId, entries)));
  }

  /** WhatsApp restricts the connection's new chats: whoever sends to new chats (campaigns) hears it. */
  restriction(companyId: number, whatsappId: number, e: RestrictionEvent) {
    return this.#track(this.deps.registry.with(companyId, (t) =>
      this.deps.bus.emit(CONNECTION_RESTRICTED, {
        tenant: t,
        whatsappId,
        active: e.active,
        until: e.until === undefined ? undefined : new Date(e.until),
      })));
  }
}
