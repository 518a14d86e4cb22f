// The sandbox phone's rules: only sandbox connections, a customer must say something,
// a reply points at a message of that connection; what the customer writes then takes
// the same path as any provider's message.
import { and, eq } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Deps } from "../../http/context.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { messages, whatsapps } from "../../../db/tenant/schema.ts";
import { buildInbound, type SandboxFile, type SandboxInbound } from "../../channels/sandbox/inbound.ts";
import { SandboxSession } from "../../channels/sandbox/provider.ts";
import type { RestrictionEvent } from "../../channels/channel.ts";
import type { MessageDto } from "../messages/dto.ts";

export async function assertSandbox(t: Tenant, whatsappId: number) {
  const [w] = await t.db.select({ provider: whatsapps.provider }).from(whatsapps).where(eq(whatsapps.id, whatsappId));
  if (!w) throw notFound("ERR_NO_WAPP_FOUND");
  if (w.provider !== "sandbox") throw new AppError("ERR_NOT_SANDBOX", 400, "this connection is not a sandbox phone");
}

/** The stored messages (a redelivery answers the message stored the first time). */
export async function customerWrites(
  deps: Pick<Deps, "sessions" | "inbox">,
  t: Tenant,
  whatsappId: number,
  input: SandboxInbound,
  files: SandboxFile[],
): Promise<MessageDto[]> {
  await assertSandbox(t, whatsappId);
  // A customer may write the moment the phone is added (a script, a test): its start, begun
  // in the background of that request, is waited for rather than refused.
  await deps.sessions.started(t.companyId, whatsappId);
  deps.sessions.connected(t.companyId, whatsappId);
  if (!files.length && !input.location && !input.vcard && !input.body.trim()) {
    throw new AppError("ERR_VALIDATION", 400, "body: write something or attach a file", { field: "body" });
  }
  const quotedWid = input.quotedId || input.quotedWid ? await quoted(t, whatsappId, input) : undefined;
  const stored = [];
  for (const msg of buildInbound(input, files, quotedWid)) {
    const done = await deps.inbox.receive(t.companyId, whatsappId, msg);
    if (done) stored.push(done.message);
  }
  return stored;
}

async function quoted(t: Tenant, whatsappId: number, input: SandboxInbound) {
  const [q] = await t.db.select({ wid: messages.wid }).from(messages).where(and(
    eq(messages.whatsappId, whatsappId),
    input.quotedId ? eq(messages.id, input.quotedId) : eq(messages.wid, input.quotedWid!),
  ));
  if (!q) throw notFound("ERR_NO_MESSAGE_FOUND");
  return q.wid;
}

/** WhatsApp's time-lock on the sandbox number, as a real connection hears it (tests, trying the campaigns' pause). */
export async function restrictSandbox(deps: Pick<Deps, "sessions">, t: Tenant, whatsappId: number, e: RestrictionEvent) {
  await assertSandbox(t, whatsappId);
  const session = deps.sessions.connected(t.companyId, whatsappId);
  if (!(session instanceof SandboxSession)) throw new AppError("ERR_NOT_SANDBOX", 400, "this connection is not a sandbox phone");
  session.restrict(e);
}
