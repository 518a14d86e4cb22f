// One connection's campaign sends, one at a time: the oldest running unpaused campaign of
// the connection, paced; held while WhatsApp restricts the number, outside the send window
// or past the day's cap (guards.ts); the next item claimed, sent through the one outbound
// door, settled. A send that surely did not leave (connection down, WhatsApp's rate limit)
// is undone and the campaign paused with the reason; one that may have left is never
// repeated, and one WhatsApp refused is settled failed (acks.ts when the refusal comes later).
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Tenant, TenantRegistry } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { DomainBus } from "../../events/domain.ts";
import type { MediaStore, Upload } from "../../media/store.ts";
import type { Inbox } from "../../inbox/inbox.ts";
import type { Sessions } from "../messages/service.ts";
import { AppError } from "../../http/errors.ts";
import { RateLimitedError } from "../../channels/channel.ts";
import { prepared } from "../../tenancy/prepared.ts";
import type { CampaignSettings } from "../../../contracts/campaigns.ts";
import { CompanyOutbound, type OutboundDoors, ticketForContact } from "../messages/outbound.ts";
import { isSendingStopped, sendingStopped } from "../companies/sending.ts";
import { refusedUnsent, watchChannel } from "../messages/watch.ts";
import { upsertContact } from "../contacts/identity.ts";
import { CheckCapReached, type NumberChecks } from "../contacts/checks.ts";
import { moveBySystem } from "../tickets/moves.ts";
import { filesToSend } from "../files/service.ts";
import { campaigns } from "../../../db/tenant/campaigns.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { errorFields, log } from "../../log.ts";
import { readCampaignSettings } from "./settings.ts";
import { publishCampaign } from "./dto.ts";
import { pickVariant } from "./fill.ts";
import { renderVariables } from "../messages/variables.ts";
import { buildTagList } from "./tagaudience.ts";
import { slicer } from "../../timers/slicer.ts";
import { type CampaignClock, gapMs, typingMs } from "./pacing.ts";
import {
  claim,
  type Claim,
  failRefused,
  inFlight,
  type Item,
  nextItem,
  refusedBeforeSettle,
  settle,
  type Settled,
  shippedCount,
  undoClaim,
} from "./shipping.ts";
import { connectionFacts, noteRateLimit, noteSend } from "./connection.ts";
import { calendarDay, holdFor } from "./guards.ts";
import { refusalError } from "./acks.ts";
import { getSettings } from "../settings/service.ts";
import type { ChannelSession } from "../../channels/channel.ts";
import { recordCheck } from "../contactlists/numbercheck.ts";

export interface RunnerDeps {
  registry: TenantRegistry;
  hub: Hub;
  bus: DomainBus;
  inbox: Pick<Inbox, "serial">;
  media: MediaStore;
  sessions: Sessions;
  clock: CampaignClock;
  /** Asks the due job to look at the company now (a pause to time, a finish). */
  wake(companyId: number): Promise<void>;
  /** Requests are being answered: the sends give way (see slicer). */
  busy(): boolean;
  /** One item reached (see the dispatcher's collector). */
  sent(): void;
  checks: NumberChecks;
  gate: OutboundDoors["gate"];
}

type CampaignRow = typeof campaigns.$inferSelect;

/** Backoff after WhatsApp's rate limit: 1, 2, 4... minutes in a row, at most 30 (the step is the connection's: connection.ts). */
export const rateLimitBackoffMs = (times: number) => Math.min(60_000 * 2 ** (times - 1), 30 * 60_000);
const CONNECTION_RETRY_MS = 2_000;
const PUBLISH_EVERY_MS = 1000;
const SETTINGS_FRESH_MS = 1000;

/** What one step did: sent (or failed) an item, passed over one, or nothing is left to do here. */
type Step = "shipped" | "again" | "idle";

export class ConnectionRunner {
  readonly #abort = new AbortController();
  /** Items reached per campaign, for the pace; read from the rows when a campaign is first seen. */
  #shipped = new Map<number, number>();
  #published = new Map<number, number>();
  /** The company's time zone, read with the settings (its days count the cap, its hours the window). */
  #timeZone = "UTC";
  #nameFallback = "";
  #again = false;
  #ended = false;
  /** The attachments of the campaign being sent, saved once (see #attachments). */
  #files: { key: string; uploads: Upload[] | undefined } | null = null;
  #settingsRead: { at: number; value: CampaignSettings } | null = null;
  // The database calls are synchronous: without turns of the event loop a run without
  // gaps would hold it (no request answered, no ack heard) until the list ends.
  readonly #breathe: () => Promise<void>;
  done: Promise<void> = Promise.resolve();

  constructor(private deps: RunnerDeps, readonly companyId: number, readonly whatsappId: number) {
    this.#breathe = slicer(deps.busy);
  }

  start(onEnd: () => void) {
    this.done = this.#loop().catch((err) => {
      log.error("campaign runner stopped", { companyId: this.companyId, whatsappId: this.whatsappId, ...errorFields(err) });
    }).finally(onEnd);
  }

  /** Something changed (a wake): look again before ending. False: this runner has already ended its loop. */
  poke(): boolean {
    if (this.#ended) return false;
    this.#again = true;
    return true;
  }

  async stop() {
    this.#abort.abort();
    await this.done;
  }

  get #stopped() {
    return this.#abort.signal.aborted;
  }

  #with<T>(fn: (t: Tenant) => Promise<T>) {
    return this.deps.registry.with(this.companyId, fn);
  }

  async #loop() {
    try {
      while (!this.#stopped) {
        this.#again = false;
        const step = await this.#step();
        if (step === "idle" && !this.#again) return;
      }
    } finally {
      this.#ended = true;
    }
  }

  async #step(): Promise<Step> {
    await this.#breathe();
    const c = await this.#with((t) => this.#current(t));
    if (!c) return "idle";
    const shipped = this.#shipped.get(c.id) ?? await this.#with((t) => shippedCount(t, c.id));
    this.#shipped.set(c.id, shipped);
    const settings = await this.#with((t) => this.#settings(t));
    // Nothing left: finish now rather than after a gap.
    const left = c.contactListId ? await this.#with((t) => nextItem(t, c.contactListId!, c.cursor)) : null;
    const wait = left ? gapMs(settings, shipped, this.deps.clock.random) : 0;
    if (wait > 0) await this.deps.clock.sleep(wait, this.#abort.signal);
    if (this.#stopped) return "idle";
    return await this.#with(async (t) => {
      // Read again after the wait: a cancel, a pause or an edit in between wins.
      const fresh = await this.#current(t);
      if (!fresh || fresh.id !== c.id) return "again";
      return await this.#next(t, fresh, settings);
    });
  }

  /** The oldest running, unpaused campaign of this connection (read twice a send: prepared). */
  async #current(t: Tenant): Promise<CampaignRow | null> {
    const [c] = await prepared(t.db, "campaignCurrent", (db) =>
      db.select().from(campaigns).where(and(
        eq(campaigns.status, "EM_ANDAMENTO"),
        eq(campaigns.whatsappId, sql.placeholder("w")),
        isNull(campaigns.pauseReason),
      )).orderBy(asc(campaigns.startedAt), asc(campaigns.id)).limit(1).prepare()).all({ w: this.whatsappId });
    return c ?? null;
  }

  /** The settings (and the company's time zone) as of at most a second ago: a change applies from the next send or so. */
  async #settings(t: Tenant): Promise<CampaignSettings> {
    const now = this.deps.clock.now().getTime();
    if (!this.#settingsRead || now - this.#settingsRead.at >= SETTINGS_FRESH_MS) {
      this.#settingsRead = { at: now, value: await readCampaignSettings(t) };
      const company = await getSettings(t.db, ["timezone", "nameFallback"]);
      this.#timeZone = company.timezone;
      this.#nameFallback = company.nameFallback;
    }
    return this.#settingsRead.value;
  }

  async #next(t: Tenant, c: CampaignRow, settings: CampaignSettings): Promise<Step> {
    if (!c.contactListId) {
      if (!c.tagId) return await this.#finish(t, c);
      // Built here, by the connection's one runner, so two passes never build it twice.
      await buildTagList(t, { id: c.id, name: c.name, tagId: c.tagId }, this.deps.clock.now());
      return "again";
    }
    let after = c.cursor;
    for (;;) {
      const item = await nextItem(t, c.contactListId, after);
      if (!item) return await this.#finish(t, c);
      // Before anything reaches WhatsApp, the number check included.
      if (await this.#held(t, c, settings)) return "again";
      let address: string | null = item.waJid;
      // Unchecked, or checked before the answer's address was kept: asked (or found known) once.
      if (item.isWhatsappValid === null || !address) {
        const checked = await this.#check(t, c, item);
        if (checked === "paused") return "again";
        if (checked === false) {
          after = item.id;
          continue;
        }
        address = checked === "failed" ? null : checked;
      }
      // Filled here, with the list's row (not the contact WhatsApp knows), and kept as the shipping's message.
      const message = renderVariables(pickVariant(c, this.deps.clock.random) ?? "", {
        contact: item,
        lang: t.language,
        timeZone: this.#timeZone,
        now: this.deps.clock.now(),
        nameFallback: this.#nameFallback,
        extra: settings.variables,
      });
      const claimed: Claim = { campaignId: c.id, from: c.cursor, item, message };
      const shippingId = await claim(t, claimed);
      if (shippingId === null) return "again";
      await this.#send(t, c, claimed, shippingId, address, settings.typing);
      return "shipped";
    }
  }

  /**
   * The item's WhatsApp address: known (a contact, a recent answer) or asked on the
   * campaign's connection, once; kept on the item for the send. false: not on WhatsApp.
   * WhatsApp's rate limit and the connection's check caps pause the campaign; a check that
   * fails otherwise fails the item ("failed"): nobody is sent to unchecked.
   */
  async #check(t: Tenant, c: CampaignRow, item: Item): Promise<string | false | "failed" | "paused"> {
    let session;
    try {
      session = this.deps.sessions.connected(this.companyId, this.whatsappId);
    } catch {
      await this.#pause(t, c, "ERR_WAPP_NOT_INITIALIZED", this.#retryAt());
      return "paused";
    }
    let answer;
    try {
      answer = await this.deps.checks.check(t, this.whatsappId, session, item.number, { bulk: true });
    } catch (err) {
      if (err instanceof RateLimitedError) {
        await this.#rateLimited(t, c);
        return "paused";
      }
      if (err instanceof CheckCapReached) {
        await this.#pause(t, c, "ERR_CAMPAIGN_CHECK_LIMIT", err.until.toISOString());
        return "paused";
      }
      if (refusedUnsent(err)) {
        await this.#pause(t, c, "ERR_WAPP_NOT_INITIALIZED", this.#retryAt());
        return "paused";
      }
      log.warn("campaign number check failed", { companyId: this.companyId, campaignId: c.id, ...errorFields(err) });
      return "failed";
    }
    const row = await recordCheck(t, item, answer);
    if (row) this.deps.hub.publish(this.companyId, companyEvent(this.companyId, "ContactListItem"), { action: "update", record: row });
    return answer.exists ? answer.jid : false;
  }

  /** Why the connection may not send now: the campaign is paused until then (true). */
  async #held(t: Tenant, c: CampaignRow, settings: CampaignSettings): Promise<boolean> {
    const now = this.deps.clock.now();
    const hold = holdFor(settings, await connectionFacts(t, this.whatsappId, now), now, this.#timeZone);
    if (!hold) return false;
    await this.#pause(t, c, hold.reason, hold.until.toISOString());
    return true;
  }

  async #send(t: Tenant, c: CampaignRow, claimed: Claim, shippingId: number, address: string | null, typing: boolean) {
    const channel = watchChannel(this.deps.sessions);
    let ticketId: number | null = null;
    let close = false;
    let outcome: Settled | "down" | "limited" | "stopped";
    try {
      if (!claimed.message.trim()) throw new AppError("ERR_VALIDATION", 400, "the campaign has no message");
      if (!address) throw new AppError("ERR_WAPP_CHECK_CONTACT", 400, "the number could not be checked");
      // Down now, or the company stopped: nothing is created for a send that cannot go.
      channel.sessions.connected(this.companyId, this.whatsappId);
      const stop = await this.deps.gate.stop(this.companyId);
      if (stop) throw sendingStopped(stop);
      // The list's name for a contact we did not know (or knew only by number). The checked
      // address finds the customer stored under WhatsApp's form of the number, and the send needs no second check.
      const contact = await upsertContact(t, this.deps.hub, {
        number: claimed.item.number,
        pushName: claimed.item.name || undefined,
        whatsappId: this.whatsappId,
        waJid: address,
      });
      const found = await ticketForContact({ ...this.deps, lane: this.deps.inbox.serial }, t, contact, this.whatsappId);
      ticketId = found.ticket.id;
      // A ticket opened (or reopened) only to carry this message waits closed; one a person has stays as it is.
      close = found.created || found.reopened;
      const files = await this.#attachments(t, c);
      if (typing && !files) await this.#type(channel.sessions.connected(this.companyId, this.whatsappId), address, claimed.message);
      const sent = await new CompanyOutbound({ ...this.deps, sessions: channel.sessions })
        .toTicket(t, found.ticket, { body: claimed.message, files, rendered: true });
      outcome = { status: "sent", messageId: sent[0]?.id ?? null, ticketId };
    } catch (err) {
      const state = channel.state();
      if (state === "unsent" && isSendingStopped(err)) outcome = "stopped";
      else if (state === "accepted") outcome = { status: "sent", messageId: null, ticketId };
      else if (state === "unknown") outcome = { status: "unknown", ticketId };
      else if (state === "rateLimited") outcome = "limited";
      else if (state === "refused" || refusedUnsent(err)) outcome = "down";
      else outcome = { status: "failed", error: err instanceof AppError ? err.code : "ERR_SENDING_WAPP_MSG", ticketId };
      if (outcome !== "stopped") log.warn("campaign send not done", { companyId: this.companyId, campaignId: c.id, state, ...errorFields(err) });
    } finally {
      if (close && ticketId !== null) {
        await moveBySystem(this.deps, t, ticketId, { status: "closed" }).catch((err) =>
          log.warn("campaign ticket not closed", { companyId: this.companyId, ticketId, ...errorFields(err) })
        );
      }
    }
    if (outcome === "stopped") {
      // The company stopped under the runner: the item is not spent, the runner ends, and the
      // dispatcher cancels the campaign with the reason (COMPANY_ACCESS_CHANGED).
      await undoClaim(t, shippingId, claimed);
      this.#abort.abort();
      return;
    }
    if (outcome === "down" || outcome === "limited") {
      await undoClaim(t, shippingId, claimed);
      if (outcome === "down") return await this.#pause(t, c, "ERR_WAPP_NOT_INITIALIZED", this.#retryAt());
      return await this.#rateLimited(t, c);
    }
    await settle(t, shippingId, outcome);
    // A refusal heard before the row was settled found no row to fail (acks.ts): read
    // after the settle, so one heard later finds the row.
    const messageId = outcome.status === "sent" ? outcome.messageId : null;
    const refused = await refusedBeforeSettle(t, messageId);
    if (refused) await failRefused(t, messageId!, refusalError(refused.code));
    await noteSend(t, this.whatsappId, calendarDay(this.deps.clock.now(), this.#timeZone), outcome.status === "sent" && !refused);
    this.#shipped.set(c.id, (this.#shipped.get(c.id) ?? 0) + 1);
    this.deps.sent();
    const now = this.deps.clock.now().getTime();
    if (now - (this.#published.get(c.id) ?? 0) >= PUBLISH_EVERY_MS) {
      this.#published.set(c.id, now);
      await publishCampaign(this.deps.hub, t, c.id);
    }
  }

  /**
   * "typing…" for about as long as a person would take, then the text, at the address the
   * send uses (checked once); a presence that fails only skips it.
   */
  async #type(session: ChannelSession, to: string, text: string) {
    try {
      await session.presence(to, "composing");
      await this.deps.clock.sleep(typingMs(text), this.#abort.signal);
      await session.presence(to, "paused");
    } catch (err) {
      log.warn("campaign typing not shown", { companyId: this.companyId, whatsappId: this.whatsappId, ...errorFields(err) });
    }
  }

  /**
   * The campaign's image or file (sent with the text as its caption), then its file list.
   * Read and saved once per run of the campaign, not per send: 100,000 sends make one copy
   * for the conversations (the campaign's own file may be replaced or deleted later).
   */
  async #attachments(t: Tenant, c: CampaignRow): Promise<Upload[] | undefined> {
    const key = `${c.id}:${c.mediaPath}:${c.fileListId}`;
    if (this.#files?.key === key) return this.#files.uploads;
    const files: Upload[] = [];
    if (c.mediaPath) {
      const file = await this.deps.media.read(this.companyId, c.mediaPath);
      if (!file) throw new AppError("ERR_ATTACHMENT_NOT_FOUND", 404, "the campaign's file is gone");
      files.push({ ...file, fileName: c.mediaName ?? undefined });
    }
    if (c.fileListId) files.push(...await filesToSend(t, this.deps.media, c.fileListId));
    const uploads = [];
    for (const f of files) uploads.push({ ...f, stored: await this.deps.media.save(this.companyId, f) });
    this.#files = { key, uploads: uploads.length ? uploads : undefined };
    return this.#files.uploads;
  }

  /**
   * A connection pause lasts at least this: a session the manager counts as connected
   * while its socket is not (a reconnect under way) would otherwise pause and resume in a loop.
   */
  #retryAt() {
    return new Date(this.deps.clock.now().getTime() + CONNECTION_RETRY_MS).toISOString();
  }

  /** WhatsApp's rate limit, on a send or a check: the campaign waits, longer each time in a row (the connection's step). */
  async #rateLimited(t: Tenant, c: CampaignRow) {
    const now = this.deps.clock.now();
    const until = new Date(now.getTime() + rateLimitBackoffMs(await noteRateLimit(t, this.whatsappId, now)));
    await this.#pause(t, c, "ERR_CAMPAIGN_RATE_LIMITED", until.toISOString());
  }

  async #pause(t: Tenant, c: CampaignRow, reason: string, until: string | null) {
    await t.db.update(campaigns).set({ pauseReason: reason, pausedUntil: until })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "EM_ANDAMENTO")));
    log.info("campaign paused", { companyId: this.companyId, campaignId: c.id, reason, until });
    await publishCampaign(this.deps.hub, t, c.id);
    // The due job answers its next wake (the pause's end, the heartbeat) from the new state.
    await this.deps.wake(this.companyId);
  }

  async #finish(t: Tenant, c: CampaignRow): Promise<Step> {
    if (await inFlight(t, c.id)) return "idle";
    const now = this.deps.clock.now().toISOString();
    const done = await t.db.update(campaigns).set({ status: "FINALIZADA", completedAt: now, pauseReason: null, pausedUntil: null })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "EM_ANDAMENTO"), eq(campaigns.cursor, c.cursor)))
      .returning({ id: campaigns.id });
    if (done.length) {
      log.info("campaign finished", { companyId: this.companyId, campaignId: c.id });
      this.#shipped.delete(c.id);
      this.#published.delete(c.id);
      await publishCampaign(this.deps.hub, t, c.id);
      // The heartbeat may no longer be needed: the job answers its next wake again.
      await this.deps.wake(this.companyId);
    }
    return "again";
  }
}

