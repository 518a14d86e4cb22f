import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { withTenant } from "../channels/baileys/fixtures/tenant.ts";
import { GroupWriter } from "./group-writer.ts";

Deno.test("group writer: writes queued together commit together, in order; a bad one fails alone", async () => {
  await withTenant(async (t) => {
    await t.client.execute("INSERT INTO contacts (name, number) VALUES ('Ana', '5511900000001')");
    await t.client.execute("INSERT INTO tickets (uuid, contact_id, whatsapp_id) VALUES ('u1', 1, 1)");
    const w = new GroupWriter(t.db);
    const insert = (wid: string, ticketId: number) => [
      t.db.all(sql`INSERT INTO messages (wid, ticket_id, whatsapp_id, body) VALUES (${wid}, ${ticketId}, 1, ${wid}) RETURNING id`),
      t.db.run(sql`UPDATE tickets SET unread_messages = unread_messages + 1, last_message = ${wid} WHERE id = ${ticketId}`),
    ] as const;
    const a = w.write("a", [...insert("a", 1)]);
    const bad = w.write("bad", [...insert("bad", 999)]);
    const c = w.write("c", [...insert("c", 1)]);
    assert.ok(w.has("a") && w.has("c"));
    const [ra, rc] = await Promise.all([a, c]);
    await assert.rejects(bad, /FOREIGN KEY/);
    assert.equal(w.has("a"), false);
    assert.ok((ra[0] as number[][])[0][0] < (rc[0] as number[][])[0][0], "arrival order kept");
    const r = await t.client.execute("SELECT unread_messages, last_message FROM tickets WHERE id = 1");
    assert.equal(r.rows[0].unread_messages, 2);
    assert.equal(r.rows[0].last_message, "c");
    const n = await t.client.execute("SELECT count(*) AS n FROM messages");
    assert.equal(n.rows[0].n, 2);
  });
});
