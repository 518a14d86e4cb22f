// The send API's work: check the number, find or create contact and ticket, deliver.
import type { Tenant } from "../../tenancy/registry.ts";
import type { Deps } from "../../http/context.ts";
import { AppError } from "../../http/errors.ts";
import type { Upload } from "../../media/store.ts";
import { upsertContact } from "../contacts/identity.ts";
import { moveBySystem } from "../tickets/moves.ts";
import { ticketForContact } from "../messages/outbound.ts";
import { eq } from "drizzle-orm";
import { companies } from "../../../db/control/schema.ts";
import { byToken, tokenCompany } from "../whatsapps/service.ts";
import { sendingStopped } from "../companies/sending.ts";

/** The connection a send-API token belongs to, or null for a token nobody holds. */
export async function connectionByToken(deps: Deps, token: string) {
  const companyId = tokenCompany(token);
  if (!companyId) return null;
  const [company] = await deps.control.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const connection = await deps.registry.with(companyId, (t) => byToken(t.db, token));
  return connection ? { companyId, connectionId: connection.id } : null;
}

export interface ApiSend {
  number: string;
  body: string;
  closeTicket: boolean;
  files: Upload[];
}

export async function sendThroughApi(deps: Deps, t: Tenant, whatsappId: number, input: ApiSend) {
  // Stopped while the call was on its way in: refused before a contact or a ticket is made.
  const stop = await deps.outbound.stopped(t.companyId);
  if (stop) throw sendingStopped(stop);
  const session = deps.sessions.connected(t.companyId, whatsappId);
  // An integrator's loop is a bulk lookup: answered from what the company knows, else within the connection's caps.
  const check = await deps.checks.forRequest(t, whatsappId, session, input.number, { bulk: true });
  if (!check.exists) throw new AppError("ERR_WAPP_INVALID_CONTACT", 400, "not a valid WhatsApp number", { field: "number" });
  const contact = await upsertContact(t, deps.hub, { number: check.number, whatsappId, waJid: check.jid });
  const { ticket } = await ticketForContact({ ...deps, lane: deps.inbox.serial }, t, contact, whatsappId);
  const sent = await deps.outbound.toTicket(t, ticket, { body: input.body.trim(), files: input.files });
  if (input.closeTicket) await moveBySystem(deps, t, ticket.id, { status: "closed" });
  return { messageIds: sent.map((m) => m.id), ticketId: ticket.id, contactId: ticket.contactId };
}
