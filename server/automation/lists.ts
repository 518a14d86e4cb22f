// Who may open a conversation on a connection: its blacklist (numbers separated by ";")
// never does; a non-empty whitelist admits only its numbers. The lists govern opening
// only: a customer with an open or pending ticket (one the company started, say) is
// heard, our own messages typed on the phone are kept, and groups are governed by the
// CheckMsgIsGroup setting instead.
import { eq, sql } from "drizzle-orm";
import type { Arrival, Decision } from "../inbox/handlers.ts";
import { whatsapps } from "../../db/tenant/schema.ts";
import { prepared } from "../tenancy/prepared.ts";

const listed = (list: string, number: string) => list.split(";").includes(number);

/** The lists' verdict on a message ("drop": not stored, no ticket); undefined: let it in. */
export async function screen(a: Arrival): Promise<Decision | undefined> {
  if (a.msg.fromMe || a.msg.group || a.chat.isGroup) return;
  if (a.latest && a.latest.status !== "closed") return;
  const [w] = await prepared(
    a.tenant.db,
    "connectionLists",
    (db) =>
      db.select({ whitelist: whatsapps.whitelist, blacklist: whatsapps.blacklist }).from(whatsapps)
        .where(eq(whatsapps.id, sql.placeholder("id"))).prepare(),
  ).all({ id: a.whatsappId });
  if (!w || (!w.whitelist && !w.blacklist)) return;
  const number = a.chat.number;
  if (w.blacklist && listed(w.blacklist, number)) return { kind: "drop", reason: "blacklist" };
  if (w.whitelist && !listed(w.whitelist, number)) {
    return { kind: "drop", reason: "notInWhitelist" };
  }
}
