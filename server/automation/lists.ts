// Who may open a conversation on a connection: its blacklist (numbers separated by ";")
// never does; a non-empty whitelist admits only its numbers. The lists govern opening
// only: a customer with an open or pending ticket (one the company started, say) is
// heard, our own messages typed on the phone are kept, and groups are governed by the
// CheckMsgIsGroup setting instead. Screened before any contact is written, so a refused
// number leaves no trace.
import { eq, sql } from "drizzle-orm";
import type { Decision, Gate } from "../inbox/handlers.ts";
import { whatsapps } from "../../db/tenant/schema.ts";
import { prepared } from "../tenancy/prepared.ts";
import { findContact } from "../modules/contacts/identity.ts";
import { latestTicket } from "../modules/tickets/service.ts";
import { userJid } from "../channels/channel.ts";

const listed = (list: string, number: string) => list.split(";").includes(number);

/** The lists' verdict on a message ("drop": not stored, no contact, no ticket); undefined: let it in. */
export async function screen({ tenant: t, whatsappId, msg }: Gate): Promise<Decision | undefined> {
  if (msg.fromMe || msg.group) return;
  const [w] = await prepared(
    t.db,
    "connectionLists",
    (db) =>
      db.select({ whitelist: whatsapps.whitelist, blacklist: whatsapps.blacklist }).from(whatsapps)
        .where(eq(whatsapps.id, sql.placeholder("id"))).prepare(),
  ).all({ id: whatsappId });
  if (!w || (!w.whitelist && !w.blacklist)) return;
  const { number: n, lid } = msg.peer;
  const known = n || lid ? await findContact(t, { number: n, lid, waJid: n ? userJid(n) : undefined }) : undefined;
  const number = known?.number ?? msg.peer.number ?? msg.peer.lid ?? "";
  const verdict: Decision | undefined = w.blacklist && listed(w.blacklist, number)
    ? { kind: "drop", reason: "blacklist" }
    : w.whitelist && !listed(w.whitelist, number)
    ? { kind: "drop", reason: "notInWhitelist" }
    : undefined;
  if (!verdict || !known) return verdict;
  const latest = await latestTicket(t, known.id, whatsappId);
  if (latest && latest.status !== "closed") return;
  return verdict;
}
