// The one door for sending to a contact as the company (desk, send API, schedules,
// notices, rating, the bot; campaigns and flows next), and the ticket such a send goes
// into when the company starts the conversation.
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { Serial } from "../../tenancy/serial.ts";
import { type Contact, contactJid } from "../contacts/identity.ts";
import { findOrCreateTicket } from "../tickets/service.ts";
import { loadTicket, type TicketDto } from "../tickets/dto.ts";
import { announceMove } from "../tickets/moves.ts";
import { getSetting, getSettings } from "../settings/service.ts";
import { renderVariables, type VariableContext } from "./variables.ts";
import type { DomainBus } from "../../events/domain.ts";
import type { MediaStore, Upload } from "../../media/store.ts";
import type { MessageDto } from "./dto.ts";
import { deliver, type Sessions } from "./service.ts";
import type { NumberChecks } from "../contacts/checks.ts";
import { type CompanyStop, sendingStopped } from "../companies/sending.ts";

export interface OutboundText {
  body: string;
  files?: Upload[];
  quotedMsgId?: number;
  /** The person sending; null or absent: the company (bots, timers, the API). */
  userId?: number | null;
  /** Put before the rendered body (the desk's "*Agent*:" signature), never rendered itself. */
  prefix?: string;
  /** A bot's turn: the ticket keeps the customer's words as its preview (see Outgoing). */
  keepPreview?: boolean;
  /** Its variables are filled already (a campaign fills them with its list's row when it claims the send). */
  rendered?: boolean;
  /** A flow's own {{key}} variables (its answers, the contact's fields). */
  values?: Readonly<Record<string, string>>;
  /** An audio file goes as a voice note. */
  ptt?: boolean;
  /** "typing…" this long before a text goes (flows; 0 or absent: at once). */
  typingMs?: number;
}

/** The company's variables in a text to this contact (settings "timezone" and "nameFallback"). */
async function renderFor(
  t: Tenant,
  contact: VariableContext["contact"],
  body: string,
  values?: VariableContext["values"],
): Promise<string> {
  if (!body.includes("{")) return body;
  const s = await getSettings(t.db, ["timezone", "nameFallback"]);
  return renderVariables(body, { contact, lang: t.language, timeZone: s.timezone, nameFallback: s.nameFallback, values });
}

/**
 * Sends to a ticket's contact as the company: variables rendered with the ticket's
 * contact and the company's time zone, sent through the ticket's connection (paced by the
 * channel session), stored, published, and MESSAGE_OUT emitted.
 */
export interface Outbound {
  /** Refused with ERR_SENDING_STOPPED_INACTIVE or _OVERDUE (403) while the company is stopped. */
  toTicket(t: Tenant, ticket: TicketDto, out: OutboundText): Promise<MessageDto[]>;
  /**
   * Why the company may send nothing now (deactivated, overdue), or null: a sender whose turn
   * does more than send (the bot moves the ticket too) skips the whole turn.
   */
  stopped(companyId: number): Promise<CompanyStop | null>;
  /** "typing…" on the contact's phone now (a bot waiting on its model): best effort, never fails. */
  typing(t: Tenant, ticket: TicketDto): Promise<void>;
}

export interface OutboundDoors {
  hub: Hub;
  bus: DomainBus;
  sessions: Sessions;
  media: MediaStore;
  checks: NumberChecks;
  /** companies/sending.ts SendingGate: an in-memory answer, no database read per send. */
  gate: { stop(companyId: number): Promise<CompanyStop | null> };
}

export class CompanyOutbound implements Outbound {
  constructor(private doors: OutboundDoors) {}

  stopped(companyId: number) {
    return this.doors.gate.stop(companyId);
  }

  async typing(t: Tenant, ticket: TicketDto): Promise<void> {
    const c = ticket.contact;
    // Only a known address: a courtesy never costs a number check.
    const to = c.isGroup || c.number.includes("@") ? contactJid(c) : c.waJid;
    if (!to) return;
    try {
      await this.doors.sessions.connected(t.companyId, ticket.whatsappId).presence(to, "composing");
    } catch { /* not connected, or the channel cannot show it: the answer still goes */ }
  }

  async toTicket(t: Tenant, ticket: TicketDto, out: OutboundText): Promise<MessageDto[]> {
    const stop = await this.doors.gate.stop(t.companyId);
    if (stop) throw sendingStopped(stop);
    const rendered = out.rendered ? out.body : await renderFor(t, ticket.contact, out.body, out.values);
    const body = out.prefix && rendered ? `${out.prefix}${rendered}` : rendered;
    return await deliver({ tenant: t, ...this.doors }, ticket, { ...out, body });
  }
}

/**
 * The contact's ticket on a connection for a conversation the company starts (send API,
 * schedules, campaigns): found or created under the company's ingest lane, so a customer's message
 * arriving at the same moment cannot create a second one.
 */
export async function ticketForContact(
  doors: { hub: Hub; bus: DomainBus; lane: Serial },
  t: Tenant,
  contact: Pick<Contact, "id" | "isGroup">,
  whatsappId: number,
): Promise<{ ticket: TicketDto; created: boolean; reopened: boolean }> {
  return await doors.lane.run(t.companyId, async () => {
    const window = Number(await getSetting(t.db, "timeCreateNewTicket"));
    const found = await findOrCreateTicket(t, contact, whatsappId, window);
    const ticket = (await loadTicket(t.db, found.ticket.id))!;
    if (found.created) await announceMove(doors, t, null, ticket, null);
    else if (found.before) await announceMove(doors, t, { ...ticket, ...found.before }, ticket, null);
    return { ticket, created: found.created, reopened: !!found.before };
  });
}
