import assert from "node:assert/strict";
import { listen, PNG, type TestServer, waitFor, withSandboxServer } from "../testing.ts";
import type { InboundMessage } from "../channels/channel.ts";

const customer = (s: TestServer, token: string, w: number, body: Record<string, unknown>) =>
  s.call(`/sandbox/${w}/inbound`, { token, body: { number: "5511988887777", name: "Bia", ...body } });

const msg = (over: Partial<InboundMessage>): InboundMessage => ({
  wid: crypto.randomUUID(),
  fromMe: false,
  peer: { jid: "5511911112222@s.whatsapp.net", number: "5511911112222", pushName: "Caio" },
  timestamp: Date.now(),
  mediaType: "chat",
  body: "oi",
  ...over,
});

Deno.test("pipeline: one ticket per contact and connection, unread and lastMessage, live events", async () => {
  await withSandboxServer(async (s, token, w) => {
    const live = listen(s, 1, ["company-1-pending", "company-1-notification"]);
    assert.equal((await customer(s, token, w.id, { body: "primeira" })).status, 201);
    assert.equal((await customer(s, token, w.id, { body: "segunda" })).status, 201);
    const list = await s.call("/tickets?status=pending", { token });
    assert.equal(list.body.tickets.length, 1);
    const t = list.body.tickets[0];
    assert.equal(t.unreadMessages, 2);
    assert.equal(t.lastMessage, "segunda");
    assert.equal(t.contact.name, "Bia");
    assert.equal(t.contact.number, "5511988887777");
    const creates = live.events.filter((e) => e.event === "company-1-appMessage" && e.data.action === "create");
    assert.equal(creates.length, 2, "each event once, though the subscriber is in two rooms");
    assert.equal(creates[1].data.ticket.id, t.id);
    assert.equal(creates[1].data.contact.number, "5511988887777");
    assert.ok(live.events.some((e) => e.event === "company-1-ticket" && e.data.action === "update"));
    assert.ok(live.events.some((e) => e.event === "company-1-contact" && e.data.action === "create"));
    live.stop();
  });
});

Deno.test("pipeline: a redelivered message is stored once", async () => {
  await withSandboxServer(async (s, token, w) => {
    const a = await customer(s, token, w.id, { body: "eco", wid: "ABCDEF123" });
    const b = await customer(s, token, w.id, { body: "eco", wid: "ABCDEF123" });
    assert.equal(a.body[0].id, b.body[0].id);
    const t = (await s.call("/tickets?status=pending", { token })).body.tickets[0];
    assert.equal(t.unreadMessages, 1);
    const m = await s.call(`/messages/${t.id}`, { token });
    assert.equal(m.body.messages.length, 1);
  });
});

Deno.test("pipeline: a recently closed ticket reopens as pending; an older one is never reused", async () => {
  await withSandboxServer(async (s, token, w) => {
    await customer(s, token, w.id, { body: "1" });
    const first = (await s.call("/tickets?status=pending", { token })).body.tickets[0];
    await s.call(`/tickets/${first.id}`, { token, method: "PUT", body: { status: "open" } });
    await s.call(`/tickets/${first.id}`, { token, method: "PUT", body: { status: "closed" } });
    await customer(s, token, w.id, { body: "2" });
    const reopened = (await s.call(`/tickets/${first.id}`, { token })).body;
    assert.equal(reopened.status, "pending");
    assert.equal(reopened.userId, null);

    await s.call(`/tickets/${first.id}`, { token, method: "PUT", body: { status: "closed" } });
    assert.equal((await s.call("/settings/timeCreateNewTicket", { token, method: "PUT", body: { value: "0" } })).status, 200);
    await customer(s, token, w.id, { body: "3" });
    const pending = (await s.call("/tickets?status=pending", { token })).body.tickets;
    assert.equal(pending.length, 1);
    assert.notEqual(pending[0].id, first.id);
    assert.equal((await s.call(`/tickets/${first.id}`, { token })).body.status, "closed");
  });
});

Deno.test("pipeline: groups are dropped while CheckMsgIsGroup is enabled, else one ticket per group", async () => {
  await withSandboxServer(async (s, token, w) => {
    const group = { jid: "120363000000000001@g.us", subject: "Equipe" };
    assert.equal(await s.deps.inbox.receive(1, w.id, msg({ group })), null);
    await s.call("/settings/CheckMsgIsGroup", { token, method: "PUT", body: { value: "disabled" } });
    const a = await s.deps.inbox.receive(1, w.id, msg({ group }));
    const b = await s.deps.inbox.receive(1, w.id, msg({
      group,
      peer: { jid: "5511933334444@s.whatsapp.net", number: "5511933334444", pushName: "Duda" },
    }));
    assert.ok(a && b);
    assert.equal(a.message.ticketId, b.message.ticketId);
    assert.notEqual(a.message.contactId, b.message.contactId, "the author is the participant");
    const t = (await s.call(`/tickets/${a.message.ticketId}`, { token })).body;
    assert.equal(t.isGroup, true);
    assert.equal(t.contact.name, "Equipe");
    assert.equal(t.contact.isGroup, true);
  });
});

Deno.test("pipeline: media is stored and served; a failed download keeps the message with a marker", async () => {
  await withSandboxServer(async (s, token, w) => {
    const form = new FormData();
    form.set("number", "5511988887777");
    form.set("body", "foto");
    form.append("medias", new File([PNG], "foto.png", { type: "image/png" }));
    const r = await s.call(`/sandbox/${w.id}/inbound`, { token, form });
    assert.equal(r.status, 201);
    const m = r.body[0];
    assert.equal(m.mediaType, "image");
    assert.match(m.mediaUrl, /^\/public\/1\/[0-9a-f]{32}\.png$/);
    assert.equal(m.mediaName, "foto.png");
    const file = await fetch(s.url + m.mediaUrl);
    assert.equal(file.headers.get("content-type"), "image/png");
    assert.deepEqual(new Uint8Array(await file.arrayBuffer()), PNG);
    assert.equal((await fetch(s.url + "/public/1/../../control.db")).status, 404);

    const failed = await s.deps.inbox.receive(1, w.id, msg({
      mediaType: "video",
      body: "",
      media: { mimetype: "video/mp4", download: () => Promise.reject(new Error("network down")) },
    }));
    assert.equal(failed?.message.mediaError, "ERR_WAPP_DOWNLOAD_MEDIA");
    assert.equal(failed?.message.mediaUrl, null);
    const oversize = await s.deps.inbox.receive(1, w.id, msg({
      mediaType: "image",
      body: "",
      media: { mimetype: "image/jpeg", size: 50 * 1024 * 1024, download: () => Promise.resolve(new Uint8Array(1)) },
    }));
    assert.equal(oversize?.message.mediaError, "ERR_WAPP_DOWNLOAD_MEDIA");
    const t = (await s.call(`/tickets/${failed!.message.ticketId}`, { token })).body;
    assert.equal(t.lastMessage, "Foto");
  });
});

Deno.test("pipeline: replies, locations, contact cards, edits, revokes and reactions", async () => {
  await withSandboxServer(async (s, token, w) => {
    const first = (await customer(s, token, w.id, { body: "pergunta" })).body[0];
    const reply = (await customer(s, token, w.id, { body: "complemento", quotedId: first.id })).body[0];
    assert.equal(reply.quotedMsgId, first.id);
    assert.equal(reply.quotedMsg.body, "pergunta");
    const loc = (await customer(s, token, w.id, { location: { latitude: -23.5, longitude: -46.6, name: "Loja" } })).body[0];
    assert.equal(loc.mediaType, "locationMessage");
    assert.deepEqual(loc.meta.location, { latitude: -23.5, longitude: -46.6, name: "Loja" });
    const card = (await customer(s, token, w.id, { vcard: { name: "Zé", number: "5511977776666" } })).body[0];
    assert.equal(card.mediaType, "vcard");
    assert.match(card.meta.vcards[0], /waid=5511977776666/);

    const live = listen(s, 1, [String(first.ticketId)]);
    // Only the author may edit or delete: someone else's request, or "us" on the
    // customer's message, changes nothing.
    const stranger = { fromMe: false, peer: { jid: "5511900001111@s.whatsapp.net", number: "5511900001111" } };
    assert.equal(await s.deps.inbox.edit(1, w.id, { wid: first.wid, body: "forjado", by: stranger }), null);
    assert.equal(await s.deps.inbox.revoke(1, w.id, { wid: reply.wid, by: stranger }), null);
    assert.equal(await s.deps.inbox.revoke(1, w.id, { wid: reply.wid, by: { ...stranger, fromMe: true } }), null);
    // The author, by the address the message came from, or by a lid with the same number.
    const bia = { fromMe: false, peer: { jid: "5511988887777@s.whatsapp.net", number: "5511988887777" } };
    await s.deps.inbox.edit(1, w.id, { wid: first.wid, body: "pergunta editada", by: bia });
    await s.deps.inbox.revoke(1, w.id, { wid: reply.wid, by: { fromMe: false, peer: { jid: "1234@lid", lid: "1234@lid", number: "5511988887777" } } });
    const reaction = await s.deps.inbox.receive(1, w.id, msg({
      peer: { jid: "5511988887777@s.whatsapp.net", number: "5511988887777" },
      mediaType: "reactionMessage",
      body: "👍",
      reaction: { targetWid: first.wid, emoji: "👍" },
    }));
    assert.equal(reaction?.message.meta && (reaction.message.meta as { reaction: { targetId: number } }).reaction.targetId, first.id);
    const page = (await s.call(`/messages/${first.ticketId}`, { token })).body.messages;
    const byId = (id: number) => page.find((m: { id: number }) => m.id === id);
    assert.equal(byId(first.id).body, "pergunta editada");
    assert.equal(byId(first.id).isEdited, true);
    assert.equal(byId(reply.id).isDeleted, true);
    const updates = live.events.filter((e) => e.event === "company-1-appMessage" && e.data.action === "update");
    assert.equal(updates.length, 2);
    live.stop();
  });
});

Deno.test("pipeline: a person seen by lid and later by number stays one contact", async () => {
  await withSandboxServer(async (s, _token, w) => {
    const byLid = await s.deps.inbox.receive(1, w.id, msg({ peer: { jid: "99887766@lid", lid: "99887766@lid", pushName: "Eva" } }));
    await s.deps.inbox.identity(1, { lid: "99887766@lid", number: "5511955554444" });
    const byNumber = await s.deps.inbox.receive(1, w.id, msg({
      peer: { jid: "5511955554444@s.whatsapp.net", number: "5511955554444", pushName: "Eva" },
    }));
    const byLidAgain = await s.deps.inbox.receive(1, w.id, msg({ peer: { jid: "99887766@lid", lid: "99887766@lid" } }));
    assert.equal(byLid?.message.contactId, byNumber?.message.contactId);
    assert.equal(byNumber?.message.contactId, byLidAgain?.message.contactId);
    assert.equal(byLid?.message.ticketId, byLidAgain?.message.ticketId);
    const c = await s.deps.registry.with(1, (t) => t.client.execute("SELECT number, lid, name FROM contacts"));
    assert.equal(c.rows.length, 1);
    assert.equal(c.rows[0].number, "5511955554444");
    assert.equal(c.rows[0].lid, "99887766@lid");
    assert.equal(c.rows[0].name, "Eva");
  });
});

Deno.test("pipeline: merging a lid contact into its number keeps its schedules, notes and fields", async () => {
  await withSandboxServer(async (s, _token, w) => {
    const byLid = await s.deps.inbox.receive(1, w.id, msg({ peer: { jid: "44556677@lid", lid: "44556677@lid", pushName: "Ana" } }));
    const byNumber = await s.deps.inbox.receive(1, w.id, msg({
      peer: { jid: "5511944443333@s.whatsapp.net", number: "5511944443333", pushName: "Ana" },
    }));
    const from = byLid!.message.contactId!, into = byNumber!.message.contactId!;
    assert.notEqual(from, into);
    await s.deps.registry.with(1, async (t) => {
      await t.client.execute({
        sql: "INSERT INTO schedules (body, send_at, due_at, contact_id) VALUES ('Lembrete da consulta', '2030-01-01T10:00:00Z', '2030-01-01T10:00:00Z', ?)",
        args: [from],
      });
      await t.client.execute({ sql: "INSERT INTO ticket_notes (note, contact_id) VALUES ('Cliente VIP', ?)", args: [from] });
      await t.client.execute({ sql: "INSERT INTO contact_custom_fields (contact_id, name, value) VALUES (?, 'CPF', '123'), (?, 'Plano', 'Ouro')", args: [from, from] });
      await t.client.execute({ sql: "INSERT INTO contact_custom_fields (contact_id, name, value) VALUES (?, 'Plano', 'Prata')", args: [into] });
    });
    await s.deps.inbox.identity(1, { lid: "44556677@lid", number: "5511944443333" });
    await s.deps.registry.with(1, async (t) => {
      const one = async (q: string) => (await t.client.execute(q)).rows;
      assert.equal((await one("SELECT id FROM contacts WHERE lid = '44556677@lid'"))[0].id, into);
      assert.deepEqual((await one("SELECT contact_id FROM schedules")).map((r) => r.contact_id), [into]);
      assert.deepEqual((await one("SELECT contact_id FROM ticket_notes")).map((r) => r.contact_id), [into]);
      // The kept contact's own value wins where both had the field.
      const fields = await one("SELECT contact_id, name, value FROM contact_custom_fields ORDER BY name");
      assert.deepEqual(fields.map((r) => [r.contact_id, r.name, r.value]), [[into, "CPF", "123"], [into, "Plano", "Prata"]]);
    });
  });
});

Deno.test("pipeline: a call while calls are disabled is rejected, answered and logged", async () => {
  await withSandboxServer(async (s, token, w) => {
    await s.call("/settings/call", { token, method: "PUT", body: { value: "disabled" } });
    const session = s.deps.sessions.session(1, w.id)!;
    await s.deps.inbox.call(1, w.id, session, {
      id: "CALL1",
      peer: { jid: "5511922223333@s.whatsapp.net", number: "5511922223333" },
      isVideo: false,
      status: "offer",
      timestamp: Date.now(),
      from: "5511922223333@s.whatsapp.net",
    });
    const outbox = await waitFor(async () => {
      const r = (await s.call(`/sandbox/${w.id}/outbox?number=5511922223333`, { token })).body.records;
      return r.length === 2 ? r : null;
    });
    assert.equal(outbox[0].kind, "call_rejected");
    assert.match(outbox[1].body, /chamadas de voz e vídeo estão desabilitadas/);
    const t = (await s.call("/tickets?status=pending", { token })).body.tickets[0];
    const msgs = (await s.call(`/messages/${t.id}`, { token })).body.messages;
    assert.equal(msgs[0].mediaType, "call_log");
    assert.match(msgs[0].body, /^Chamada de voz perdida às \d{2}:\d{2}$/);
    assert.equal(msgs[1].fromMe, true);
  });
});
