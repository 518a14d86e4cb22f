// The sandbox provider: a simulated phone network for trying the product and for tests.
// Connected on start; what the company sends lands in the connection's outbox (the
// customer's phone), with acks advancing 1 -> 2 -> 3 over about a second; customers'
// messages are injected through the authenticated /sandbox endpoint. Numbers under the
// unassigned country code 999 are refused: WhatsApp answers what is sent to them with ack 0
// after the first step, as it does for real refusals; when the next three digits are a
// 4xx or 5xx they are WhatsApp's code for it (9994631234567: 463, our account restricted).
// A restriction of the connection (WhatsApp's reach-out time-lock) is told through
// restrict(), which the /sandbox endpoint drives.
import { and, desc, eq, sql } from "drizzle-orm";
import type { TenantRegistry } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { sandboxOutbox } from "../../../db/tenant/schema.ts";
import type { MediaStore } from "../../media/store.ts";
import {
  type ChannelContext,
  type ChannelProvider,
  type ChannelSession,
  jidNumber,
  type Location,
  newWid,
  type OutboundMedia,
  RateLimitedError,
  type RestrictionEvent,
  type SendOptions,
  type SentMessage,
} from "../channel.ts";
import { errorFields, log } from "../../log.ts";
import { pageOf, pageWindow } from "../../http/paging.ts";
import { prepared } from "../../tenancy/prepared.ts";
import { sandboxChannel } from "../../../contracts/realtime.ts";

export interface SandboxDeps {
  registry: TenantRegistry;
  hub: Hub;
  media: MediaStore;
  /** Delay between ack steps (ms). */
  ackStepMs?: number;
}

type Record_ = typeof sandboxOutbox.$inferSelect;

/** E.164 numbers never start with 0: the one kind of number this network does not know. */
export const onSandboxNetwork = (number: string) => /^[1-9]\d{7,14}$/.test(number);
/** A refused number of the sandbox network: sends to it get ack 0, with the code its digits name. */
export const refusedOnSandbox = (number: string): { code?: string } | null =>
  number.startsWith("999") ? { code: /^999([45]\d\d)/.exec(number)?.[1] } : null;
/** WhatsApp's status ERROR. */
const REFUSED = 0;

export function sandboxProvider(deps: SandboxDeps): ChannelProvider {
  return { name: "sandbox", create: (ctx) => new SandboxSession(deps, ctx) };
}

export class SandboxSession implements ChannelSession {
  #timers = new Set<ReturnType<typeof setTimeout>>();
  #running = false;
  #limited = 0;
  #checksLimited = 0;
  /** Numbers WhatsApp knows under another address (null: no account), set by tests. */
  #accounts = new Map<string, string | null>();
  /** Number checks asked of this phone network (tests count them against the caps and the cache). */
  checks = 0;

  constructor(private deps: SandboxDeps, readonly ctx: ChannelContext) {}

  start() {
    this.#running = true;
    this.ctx.events.status("CONNECTED", { number: "" });
    return Promise.resolve();
  }

  stop(_logout: boolean) {
    this.#running = false;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    this.ctx.events.status("DISCONNECTED");
    return Promise.resolve();
  }

  /** The next `sends` sends are refused as WhatsApp refuses a number that sends too much (tests). */
  rateLimit(sends: number) {
    this.#limited = sends;
  }

  /** WhatsApp restricts (or frees) the connection's new chats, as its time-lock notification says. */
  restrict(e: RestrictionEvent) {
    if (!this.#running) throw new Error("ERR_WAPP_NOT_INITIALIZED");
    this.ctx.events.restriction(e);
  }

  /** The simulated phone shows "typing…" while the company types. */
  presence(to: string, state: "composing" | "paused") {
    if (!this.#running) return Promise.reject(new Error("ERR_WAPP_NOT_INITIALIZED"));
    const { companyId, whatsappId } = this.ctx;
    const room = sandboxChannel(companyId, whatsappId);
    this.deps.hub.publish(companyId, room, { action: "presence", number: jidNumber(to), state }, room);
    return Promise.resolve();
  }

  /** The next `checks` number checks are refused as WhatsApp refuses a number that looks up too much (tests). */
  rateLimitChecks(checks: number) {
    this.#checksLimited = checks;
  }

  /**
   * What the network answers for a number (tests): the address of its account, e.g. Brazil's
   * 12-digit form for a 13-digit number, or null for a number without WhatsApp.
   */
  account(number: string, address: string | null) {
    this.#accounts.set(number, address);
  }

  sendText(to: string, text: string, opts?: SendOptions) {
    return this.#record(to, { kind: "text", body: text }, opts);
  }

  async sendMedia(to: string, media: OutboundMedia, opts?: SendOptions) {
    const saved = await this.deps.media.save(this.ctx.companyId, media);
    return await this.#record(to, {
      // A voice note is told apart on the simulated phone's records.
      kind: media.ptt ? "voice" : "media",
      body: media.caption ?? "",
      mediaUrl: saved.url,
      mediaType: saved.mimetype,
      mediaName: media.fileName,
    }, opts);
  }

  sendLocation(to: string, l: Location, opts?: SendOptions) {
    return this.#record(to, { kind: "location", body: `${l.latitude},${l.longitude}${l.name ? ` ${l.name}` : ""}` }, opts);
  }

  sendContact(to: string, c: { name: string; number: string }, opts?: SendOptions) {
    return this.#record(to, { kind: "contact", body: `${c.name} ${c.number}` }, opts);
  }

  checkNumber(number: string) {
    if (!this.#running) return Promise.reject(new Error("ERR_WAPP_NOT_INITIALIZED"));
    this.checks++;
    if (this.#checksLimited > 0) {
      this.#checksLimited--;
      return Promise.reject(new RateLimitedError());
    }
    const digits = number.replace(/\D/g, "");
    const account = this.#accounts.has(digits) ? this.#accounts.get(digits) : onSandboxNetwork(digits) ? digits : null;
    return Promise.resolve({ exists: account !== null, jid: `${account ?? digits}@s.whatsapp.net`, number: account ?? digits });
  }

  // The simulated customer has no screen for read receipts; nothing to record.
  markRead() {
    return Promise.resolve();
  }

  async deleteMessage(_chat: string, wid: string) {
    const rec = await this.#update(wid, { deleted: true });
    if (!rec) throw new Error("no such message on the sandbox phone");
  }

  async rejectCall(_id: string, from: string) {
    await this.#record(from, { kind: "call_rejected", body: "" });
  }

  profilePicture() {
    return Promise.resolve(null);
  }

  async #record(to: string, rec: Partial<Record_> & { kind: string }, opts?: SendOptions): Promise<SentMessage> {
    if (!this.#running) throw new Error("ERR_WAPP_NOT_INITIALIZED");
    if (this.#limited > 0) {
      this.#limited--;
      throw new RateLimitedError();
    }
    const wid = opts?.wid ?? newWid();
    const [row] = await this.deps.registry.with(this.ctx.companyId, (t) =>
      t.db.insert(sandboxOutbox).values({
        whatsappId: this.ctx.whatsappId,
        number: jidNumber(to),
        wid,
        ack: 1,
        ...rec,
      }).returning());
    this.#publish("outbound", row);
    const refused = refusedOnSandbox(row.number);
    this.#advance(wid, refused ? REFUSED : 2, refused?.code);
    return { wid };
  }

  /** Delivered, then read: each step updates the phone and reports the ack. */
  #advance(wid: string, ack: number, error?: string) {
    const step = this.deps.ackStepMs ?? 400;
    const timer = setTimeout(async () => {
      this.#timers.delete(timer);
      if (!this.#running) return;
      try {
        if (!(await this.#ack(wid, ack))) return;
        this.ctx.events.ack(error ? { wid, ack, error } : { wid, ack });
        if (ack !== REFUSED && ack < 3) this.#advance(wid, ack + 1);
      } catch (err) {
        log.warn("sandbox ack failed", { companyId: this.ctx.companyId, ...errorFields(err) });
      }
    }, step);
    this.#timers.add(timer);
  }

  /** Two or three per message sent: built once per database (building cost more than running). */
  async #ack(wid: string, ack: number) {
    const row = await this.deps.registry.with(this.ctx.companyId, (t) =>
      prepared(t.db, "sandboxAck", (db) =>
        db.update(sandboxOutbox).set({ ack: sql`${sql.placeholder("ack")}` })
          .where(and(eq(sandboxOutbox.whatsappId, sql.placeholder("w")), eq(sandboxOutbox.wid, sql.placeholder("wid"))))
          .returning().prepare()).get({ w: this.ctx.whatsappId, wid, ack }));
    if (row) this.#publish("update", row);
    return row ?? null;
  }

  async #update(wid: string, patch: Partial<Record_>) {
    // get(): one row per (connection, wid); the UPDATE is done by the first step.
    const row = await this.deps.registry.with(this.ctx.companyId, (t) =>
      t.db.update(sandboxOutbox).set(patch)
        .where(and(eq(sandboxOutbox.whatsappId, this.ctx.whatsappId), eq(sandboxOutbox.wid, wid))).returning().get());
    if (row) this.#publish("update", row);
    return row ?? null;
  }

  #publish(action: "outbound" | "update", record: Record_) {
    const { companyId, whatsappId } = this.ctx;
    const room = sandboxChannel(companyId, whatsappId);
    this.deps.hub.publish(companyId, room, { action, record }, room);
  }
}

export const OUTBOX_PAGE = 50;

export async function readOutbox(registry: TenantRegistry, companyId: number, whatsappId: number, number: string, pageNumber: number) {
  const { limit, offset } = pageWindow(pageNumber, OUTBOX_PAGE);
  return await registry.with(companyId, async (t) => {
    const rows = await t.db.select().from(sandboxOutbox)
      .where(and(eq(sandboxOutbox.whatsappId, whatsappId), eq(sandboxOutbox.number, number)))
      .orderBy(desc(sandboxOutbox.id)).limit(limit).offset(offset);
    const page = pageOf(rows, OUTBOX_PAGE);
    return { records: page.rows.reverse(), hasMore: page.hasMore };
  });
}
