// What WhatsApp says after a campaign send reaches the campaigns through the domain bus (the
// inbox knows nothing of campaigns): a delivery marks the shipping row; a refusal turns it
// failed with WhatsApp's code (the send had returned, the refusal came later); a 463, or
// WhatsApp's own word that it restricts the number, pauses every running campaign of the
// connection until the restriction ends. A refused item is never sent again.
import type { Hub } from "../../realtime/hub.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { CONNECTION_RESTRICTED, type ConnectionRestricted, type DomainBus, MESSAGE_ACK, type MessageAcked } from "../../events/domain.ts";
import { RESTRICTED_CODE } from "../../channels/channel.ts";
import { ACK_ERROR } from "../../inbox/updates.ts";
import { log } from "../../log.ts";
import { failRefused, markDelivered } from "./shipping.ts";
import { liftRestriction, restrictConnection } from "./connection.ts";
import { publishCampaign } from "./dto.ts";

export interface AckDeps {
  hub: Hub;
  now(): Date;
  /** Asks the due job to look at the company now (a pause's new end). */
  wake(companyId: number): Promise<void>;
}

/** The codes the catalogue explains; any other is told as ERR_WAPP_REFUSED_<code>. */
const EXPLAINED: Record<string, string> = {
  "463": "ERR_WAPP_REFUSED_463",
  "479": "ERR_WAPP_REFUSED_479",
};

/** A shipping row's error for WhatsApp's refusal with this code. */
export function refusalError(code: string | null | undefined): string {
  if (!code) return "ERR_WAPP_REFUSED";
  return EXPLAINED[code] ?? `ERR_WAPP_REFUSED_${code.replace(/[^0-9A-Za-z]/g, "").slice(0, 10)}`;
}

export function listenForAcks(bus: DomainBus, deps: AckDeps) {
  bus.on(MESSAGE_ACK, (e) => e.ack >= 2 ? markDelivered(e.tenant, e.messageId) : e.ack === ACK_ERROR ? refused(deps, e) : undefined);
  bus.on(CONNECTION_RESTRICTED, (e) => restricted(deps, e));
}

async function refused(deps: AckDeps, e: MessageAcked) {
  const touched = new Set(await failRefused(e.tenant, e.messageId, refusalError(e.error)));
  // Any 463 of the connection, a campaign's or the desk's: the number is restricted.
  if (e.error === RESTRICTED_CODE) {
    const r = await restrictConnection(e.tenant, e.whatsappId, undefined, deps.now());
    log.warn("WhatsApp refused a send with 463: the connection's campaigns pause", {
      companyId: e.tenant.companyId,
      whatsappId: e.whatsappId,
      until: r.until,
    });
    for (const id of r.campaigns) touched.add(id);
  }
  await publish(deps, e.tenant, touched, e.error === RESTRICTED_CODE);
}

async function restricted(deps: AckDeps, e: ConnectionRestricted) {
  const now = deps.now();
  const ids = e.active
    ? (await restrictConnection(e.tenant, e.whatsappId, e.until, now)).campaigns
    : await liftRestriction(e.tenant, e.whatsappId, now);
  await publish(deps, e.tenant, new Set(ids), true);
}

async function publish(deps: AckDeps, t: Tenant, ids: Set<number>, wake: boolean) {
  for (const id of ids) await publishCampaign(deps.hub, t, id);
  // The job's next wake follows the new pauses' ends.
  if (wake) await deps.wake(t.companyId);
}
