// The editor's Testar (POST /flowbuilder/{id}/test): a flow played against a sandbox phone,
// its published version or the editor's draft. The simulated customer's contact and ticket
// are found or made as the sandbox's inbound path makes them (in the company's one-at-a-time
// lane), and the run starts through the conversation engine, in the ticket's lane; the
// customer then answers from the phone and the run goes on as any run.
//
// A draft is written as an unpublished version (published false) with a negative number,
// counted down from -1: it is never the flow's published version, its number is never the
// one the editor shows (flows.last_version counts the saves), and a run keeps walking it
// whatever is saved later, as any run keeps its version.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Deps } from "../../http/context.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { recordId } from "../../http/validate.ts";
import { flowVersions } from "../../../db/tenant/flows.ts";
import { sandboxInbound } from "../../channels/sandbox/inbound.ts";
import { userJid } from "../../channels/channel.ts";
import { assertSandbox } from "../sandbox/service.ts";
import { upsertContact } from "../contacts/identity.ts";
import { findOrCreateTicket, latestTicket } from "../tickets/service.ts";
import { loadTicket } from "../tickets/dto.ts";
import { announceMove } from "../tickets/moves.ts";
import { getSetting } from "../settings/service.ts";
import { getFlowRow } from "./flows.ts";
import { flowsAtATime } from "../../tenancy/one-at-a-time.ts";
import { runnableGraph } from "./versions.ts";
import { afterDraft, pruneVersions } from "./prune.ts";

export const flowTest = z.object({
  /** A sandbox connection of the company. */
  whatsappId: recordId,
  /** The simulated customer, as the sandbox phone names it. */
  number: sandboxInbound.shape.number,
  name: sandboxInbound.shape.name,
  /** The editor's unsaved document, as POST /flowbuilder/flow sends it; absent: the published version. */
  draft: z.object({ nodes: z.unknown(), connections: z.unknown() }).optional(),
});

export type FlowTestDeps = Pick<
  Deps,
  "hub" | "bus" | "media" | "secrets" | "addresses" | "inbox" | "sessions" | "flowTests"
>;

export interface FlowTestStarted {
  runId: number;
  flowId: number;
  versionId: number;
  ticketId: number;
  /** The ticket's address in the web app (/tickets/{uuid}): where the flow's notes show. */
  ticketUuid: string;
  contactId: number;
  /** Whether the run walks the draft (an unpublished version). */
  draft: boolean;
}

export async function testFlow(
  deps: FlowTestDeps,
  t: Tenant,
  userId: number,
  flowId: number,
  input: z.infer<typeof flowTest>,
): Promise<FlowTestStarted> {
  await assertSandbox(t, input.whatsappId);
  const versionId = input.draft
    ? await draftVersion(deps, t, userId, flowId, input.draft)
    : await publishedVersion(t, flowId);
  // A phone added a moment ago is waited for, as the sandbox's inbound path waits (the flow's
  // first messages go out in this request).
  await deps.sessions.started(t.companyId, input.whatsappId);
  const ticket = await deps.inbox.serial.run(t.companyId, () => customerTicket(deps, t, input));
  const runId = await deps.flowTests.testFlow(t, ticket.id, { flowId, versionId });
  // The ticket deleted meanwhile (the version was just read or written).
  if (runId === null) throw notFound("ERR_NO_TICKET_FOUND");
  return {
    runId,
    flowId,
    versionId,
    ticketId: ticket.id,
    ticketUuid: ticket.uuid,
    contactId: ticket.contactId,
    draft: !!input.draft,
  };
}

async function publishedVersion(t: Tenant, flowId: number) {
  const row = await getFlowRow(t, flowId);
  if (row.publishedVersionId === null) {
    throw new AppError("ERR_FLOW_NOT_PUBLISHED", 409, "the flow has no published version to test");
  }
  return row.publishedVersionId;
}

/** The draft as an unpublished version (see the header), refused whole as a save refuses it. */
function draftVersion(
  deps: Pick<Deps, "media" | "secrets" | "addresses">,
  t: Tenant,
  userId: number,
  flowId: number,
  draft: { nodes: unknown; connections: unknown },
) {
  // With the company's other flow writes: a deleted flow gets no version, two tests no one number.
  return flowsAtATime(t.companyId, async () => {
    const row = await getFlowRow(t, flowId);
    const graph = await runnableGraph(t, deps, row, draft.nodes, draft.connections);
    // The flow's lowest number (the unique index on flow_id, number answers it).
    const [{ lowest }] = await t.db.select({
      lowest: sql<number | null>`min(${flowVersions.number})`,
    })
      .from(flowVersions).where(eq(flowVersions.flowId, flowId));
    const number = Math.min(lowest ?? 0, 0) - 1;
    const [v] = await t.db.insert(flowVersions)
      .values({ flowId, number, graph, userId, published: false })
      .returning({ id: flowVersions.id });
    await pruneVersions(t, flowId, afterDraft(number));
    return v.id;
  });
}

/** The simulated customer's contact and open ticket, as the inbound path finds or makes them. */
async function customerTicket(
  deps: Pick<Deps, "hub" | "bus">,
  t: Tenant,
  input: z.infer<typeof flowTest>,
) {
  const contact = await upsertContact(t, deps.hub, {
    number: input.number,
    pushName: input.name,
    whatsappId: input.whatsappId,
    waJid: userJid(input.number),
  });
  const window = Number(await getSetting(t.db, "timeCreateNewTicket"));
  const latest = await latestTicket(t, contact.id, input.whatsappId);
  const found = await findOrCreateTicket(t, contact, input.whatsappId, window, {
    latest,
    chatbot: true,
  });
  const ticket = (await loadTicket(t.db, found.ticket.id))!;
  if (found.created) await announceMove(deps, t, null, ticket, null);
  else if (found.before) await announceMove(deps, t, { ...ticket, ...found.before }, ticket, null);
  return ticket;
}
