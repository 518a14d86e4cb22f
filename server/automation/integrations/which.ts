// Which queue integration answers in a ticket no person holds, in the original's order: the
// connection's for a ticket without queue, else its queue's (ORIGIN.md (a)-17 b and d).
import { eq, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import type { TicketDto } from "../../modules/tickets/dto.ts";
import { queues, whatsapps } from "../../../db/tenant/schema.ts";
import { queueIntegrations } from "../../../db/tenant/integrations.ts";
import { prepared } from "../../tenancy/prepared.ts";

export type Integration = typeof queueIntegrations.$inferSelect;

// Read for every customer message a program may take: built once per database.
const connectionIntegration = (t: Tenant) =>
  prepared(
    t.db,
    "connectionIntegration",
    (db) =>
      db.select({ id: whatsapps.integrationId }).from(whatsapps)
        .where(eq(whatsapps.id, sql.placeholder("id"))).prepare(),
  );
const queueIntegration = (t: Tenant) =>
  prepared(
    t.db,
    "queueIntegration",
    (db) =>
      db.select({ id: queues.integrationId }).from(queues)
        .where(eq(queues.id, sql.placeholder("id"))).prepare(),
  );

/** The connection's integration id (null: none). */
export async function connectionIntegrationId(t: Tenant, whatsappId: number) {
  return (await connectionIntegration(t).get({ id: whatsappId }))?.id ?? null;
}

export async function integrationById(t: Tenant, id: number): Promise<Integration | null> {
  const [row] = await t.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, id));
  return row ?? null;
}

/** The integration that answers in the ticket where it stands now; null: none. */
export async function integrationFor(t: Tenant, ticket: TicketDto): Promise<Integration | null> {
  const id = ticket.queueId === null
    ? await connectionIntegrationId(t, ticket.whatsappId ?? 0)
    : (await queueIntegration(t).get({ id: ticket.queueId }))?.id ?? null;
  return id === null ? null : await integrationById(t, id);
}
