// Brazil's 9th digit and one person, one contact: the typed 13-digit number and WhatsApp's
// 12-digit form, whichever comes first, and a lid contact that learns the 12-digit form.
import assert from "node:assert/strict";
import { type TestServer, withSandboxServer } from "../../testing.ts";
import type { InboundMessage } from "../../channels/channel.ts";
import { upsertContact } from "./identity.ts";

const byLid = (lid: string): InboundMessage => ({
  wid: crypto.randomUUID(),
  fromMe: false,
  peer: { jid: lid, lid, pushName: "Rita" },
  timestamp: Date.now(),
  mediaType: "chat",
  body: "oi",
});

const rows = (s: TestServer, sql: string) => s.deps.registry.with(1, async (t) => (await t.client.execute(sql)).rows);

Deno.test("contacts: a lid contact that learns WhatsApp's 12-digit number merges into the desk's 13-digit contact (by its WhatsApp address or the other form), schedules and notes with it", async () => {
  await withSandboxServer(async (s, _token, w) => {
    for (const waJid of ["551187654321@s.whatsapp.net", null]) {
      await s.deps.registry.with(1, async (t) => {
        await t.client.execute("DELETE FROM contacts");
        // Typed at the desk; with or without the address a check answered.
        await t.client.execute({ sql: "INSERT INTO contacts (name, number, wa_jid) VALUES ('Rita', '5511987654321', ?)", args: [waJid] });
      });
      const lid = `${waJid ? 1 : 2}2233445566@lid`;
      const first = await s.deps.inbox.receive(1, w.id, byLid(lid));
      const from = first!.message.contactId!;
      await s.deps.registry.with(1, async (t) => {
        await t.client.execute({ sql: "INSERT INTO ticket_notes (note, contact_id) VALUES ('VIP', ?)", args: [from] });
        await t.client.execute({
          sql: "INSERT INTO schedules (body, send_at, due_at, contact_id) VALUES ('Lembrete', '2030-01-01T10:00:00Z', '2030-01-01T10:00:00Z', ?)",
          args: [from],
        });
      });
      await s.deps.inbox.identity(1, { lid, number: "551187654321" });
      const people = await rows(s, "SELECT id, number, lid FROM contacts");
      assert.equal(people.length, 1, `one contact (desk contact ${waJid ? "with" : "without"} its address)`);
      assert.equal(people[0].number, "5511987654321");
      assert.equal(people[0].lid, lid);
      assert.deepEqual((await rows(s, "SELECT contact_id FROM ticket_notes")).map((r) => r.contact_id), [people[0].id]);
      assert.deepEqual((await rows(s, "SELECT contact_id FROM schedules")).map((r) => r.contact_id), [people[0].id]);
      await s.deps.registry.with(1, async (t) => {
        await t.client.execute("DELETE FROM ticket_notes");
        await t.client.execute("DELETE FROM schedules");
        await t.client.execute("DELETE FROM messages");
        await t.client.execute("DELETE FROM tickets");
      });
    }
  });
});

Deno.test("contacts: the typed 13-digit number and WhatsApp's 12-digit form are one contact, whichever came first", async () => {
  await withSandboxServer(async (s) => {
    await s.deps.registry.with(1, async (t) => {
      // A customer's message first (WhatsApp's form), then a campaign or list with the typed number.
      const inbound = await upsertContact(t, s.deps.hub, { number: "551187654321", waJid: "551187654321@s.whatsapp.net", pushName: "Rita" });
      const typed = await upsertContact(t, s.deps.hub, { number: "5511987654321", pushName: "Rita" });
      assert.equal(typed.id, inbound.id);
      // The typed number first, then WhatsApp's form.
      const desk = await upsertContact(t, s.deps.hub, { number: "5521976543210", pushName: "Caio" });
      const reply = await upsertContact(t, s.deps.hub, { number: "552176543210", waJid: "552176543210@s.whatsapp.net" });
      assert.equal(reply.id, desk.id);
      // A landline's 12 digits never gain a 9: another phone.
      const landline = await upsertContact(t, s.deps.hub, { number: "551133334444" });
      const mobile = await upsertContact(t, s.deps.hub, { number: "5511933334444" });
      assert.notEqual(landline.id, mobile.id);
      assert.equal((await t.client.execute("SELECT count(*) AS n FROM contacts")).rows[0].n, 4);
    });
  });
});
