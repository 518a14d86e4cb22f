// WhatsApp's number checks as the company makes them. What is already known answers first
// (a contact's WhatsApp address, an answer of the last days under either form of the
// number); only the rest is asked of a connection, remembered for the whole company, and
// logged against that connection. Bulk lookups are a known ban trigger (whatsmeow #478,
// Baileys #1245): the bulk callers (the background check, campaigns, the send API) stop at
// the connection's hourly and daily caps; a person's send from the desk is counted, never
// refused.
import { and, asc, count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { type ChannelSession, jidNumber, RateLimitedError, userJid } from "../../channels/channel.ts";
import { AppError } from "../../http/errors.ts";
import { contacts, numberCheckLog, numberChecks } from "../../../db/tenant/schema.ts";

export interface CheckPolicy {
  perHour: number;
  perDay: number;
  /** How long an answer is reused. */
  cacheMs: number;
}

export interface CheckAnswer {
  exists: boolean;
  jid: string;
  /** The number as WhatsApp knows it (digits). */
  number: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const CHECK_TIMEOUT_MS = 15_000;

const digitsOf = (number: string) => number.replace(/\D/g, "");

/**
 * The forms WhatsApp may know a number by. Brazil's mobile numbers got a 9 in front of
 * their 8 digits (2012-2016), and WhatsApp still answers many older accounts under the
 * 12-digit form: 55 DD 9XXXXXXXX and 55 DD XXXXXXXX are one phone when XXXXXXXX is a
 * mobile number (it starts with 6 to 9; a landline starts with 2 to 5 and never got the 9).
 */
export function numberForms(number: string): string[] {
  const d = digitsOf(number);
  if (/^55\d{2}9[6-9]\d{7}$/.test(d)) return [d, d.slice(0, 4) + d.slice(5)];
  if (/^55\d{2}[6-9]\d{7}$/.test(d)) return [d, `${d.slice(0, 4)}9${d.slice(4)}`];
  return [d];
}

/** The connection reached a cap: no bulk check on it before `until`. */
export class CheckCapReached extends Error {
  constructor(readonly until: Date) {
    super("number check cap reached");
    this.name = "CheckCapReached";
  }
}

export class NumberChecks {
  constructor(readonly policy: CheckPolicy, readonly now: () => Date = () => new Date()) {}

  /** What the company already knows about a number; null: WhatsApp must be asked. */
  async known(t: Tenant, number: string): Promise<CheckAnswer | null> {
    const forms = numberForms(number);
    if (!forms[0]) return null;
    // A contact WhatsApp wrote from, or that a check answered, under either form: two
    // lookups, each on its own index (as one OR with "wa_jid IS NOT NULL", SQLite walked
    // the address index over the whole table: 2.3 ms a send at 20,000 contacts).
    const [byNumber] = await t.db.select({ jid: contacts.waJid }).from(contacts)
      .where(inArray(contacts.number, forms)).orderBy(sql`${contacts.waJid} IS NULL`).limit(1);
    const jid = byNumber?.jid ?? (await t.db.select({ jid: contacts.waJid }).from(contacts)
      .where(inArray(contacts.waJid, forms.map(userJid))).limit(1))[0]?.jid;
    if (jid) return { exists: true, jid, number: jidNumber(jid) };
    const since = new Date(this.now().getTime() - this.policy.cacheMs).toISOString();
    const [cached] = await t.db.select({ jid: numberChecks.jid }).from(numberChecks)
      .where(and(inArray(numberChecks.number, forms), gt(numberChecks.checkedAt, since)))
      .orderBy(desc(numberChecks.checkedAt)).limit(1);
    if (!cached) return null;
    if (cached.jid) return { exists: true, jid: cached.jid, number: jidNumber(cached.jid) };
    return { exists: false, jid: userJid(forms[0]), number: forms[0] };
  }

  /**
   * The answer, known or asked. bulk: refused with CheckCapReached at the connection's caps.
   * WhatsApp's rate limit comes out as the channel's RateLimitedError.
   */
  async check(
    t: Tenant,
    whatsappId: number,
    session: Pick<ChannelSession, "checkNumber">,
    number: string,
    opts: { bulk: boolean },
  ): Promise<CheckAnswer> {
    const known = await this.known(t, number);
    if (known) return known;
    if (opts.bulk) {
      const until = await this.freeAt(t, whatsappId);
      if (until) throw new CheckCapReached(until);
    }
    return await this.#ask(t, whatsappId, session, number);
  }

  /**
   * check() for a request: WhatsApp's limit and the caps become coded errors (429) the
   * client reads. The desk's sends are a person's, one at a time: not capped.
   */
  async forRequest(...args: Parameters<NumberChecks["check"]>): Promise<CheckAnswer> {
    try {
      return await this.check(...args);
    } catch (err) {
      if (err instanceof RateLimitedError) throw new AppError("ERR_WAPP_CHECK_RATE_LIMITED");
      if (err instanceof CheckCapReached) {
        const retryAfter = Math.max(1, Math.ceil((err.until.getTime() - this.now().getTime()) / 1000));
        throw new AppError("ERR_WAPP_CHECK_LIMIT", 429, undefined, { retryAfter });
      }
      throw err;
    }
  }

  /** The checks the connection asked of WhatsApp in the last hour. */
  async usedLastHour(t: Tenant, whatsappId: number): Promise<number> {
    const since = new Date(this.now().getTime() - HOUR_MS).toISOString();
    const [{ n }] = await t.db.select({ n: count() }).from(numberCheckLog)
      .where(and(eq(numberCheckLog.whatsappId, whatsappId), gt(numberCheckLog.at, since)));
    return n;
  }

  /** When the connection may make its next bulk check; null: now. */
  async freeAt(t: Tenant, whatsappId: number): Promise<Date | null> {
    const now = this.now().getTime();
    let until: number | null = null;
    for (const [windowMs, cap] of [[HOUR_MS, this.policy.perHour], [DAY_MS, this.policy.perDay]]) {
      const since = new Date(now - windowMs).toISOString();
      const inWindow = and(eq(numberCheckLog.whatsappId, whatsappId), gt(numberCheckLog.at, since));
      const [{ n }] = await t.db.select({ n: count() }).from(numberCheckLog).where(inWindow);
      if (n < cap) continue;
      // Free again when enough of the window's checks have left it to be under the cap.
      const [row] = await t.db.select({ at: numberCheckLog.at }).from(numberCheckLog).where(inWindow)
        .orderBy(asc(numberCheckLog.at)).limit(1).offset(n - cap);
      const free = Date.parse(row.at) + windowMs;
      until = Math.max(until ?? 0, free);
    }
    return until === null ? null : new Date(until);
  }

  async #ask(t: Tenant, whatsappId: number, session: Pick<ChannelSession, "checkNumber">, number: string) {
    const now = this.now();
    // Counted before the answer: WhatsApp counts the ones it refuses too.
    await t.db.batch([
      t.db.insert(numberCheckLog).values({ whatsappId, at: now.toISOString() }),
      t.db.delete(numberCheckLog).where(and(
        eq(numberCheckLog.whatsappId, whatsappId),
        lt(numberCheckLog.at, new Date(now.getTime() - DAY_MS).toISOString()),
      )),
    ]);
    const answer = await withTimeout(session.checkNumber(number), CHECK_TIMEOUT_MS);
    await this.#remember(t, number, answer);
    return answer;
  }

  /** Under every form of the number asked and of the one answered, so either finds it. */
  async #remember(t: Tenant, number: string, answer: CheckAnswer) {
    const at = this.now().toISOString();
    const jid = answer.exists ? answer.jid : null;
    const forms = new Set([...numberForms(number), ...(answer.exists ? numberForms(jidNumber(answer.jid)) : [])]);
    forms.delete("");
    if (!forms.size) return;
    await t.db.insert(numberChecks).values([...forms].map((n) => ({ number: n, jid, checkedAt: at })))
      .onConflictDoUpdate({ target: numberChecks.number, set: { jid: sql`excluded.jid`, checkedAt: sql`excluded.checked_at` } });
    // Answers older than the cache's life are of no use: dropped as new ones come (indexed).
    await t.db.delete(numberChecks).where(lt(numberChecks.checkedAt, new Date(Date.parse(at) - this.policy.cacheMs).toISOString()));
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => timer = setTimeout(() => reject(new Error("check timed out")), ms)),
  ]).finally(() => clearTimeout(timer));
}
