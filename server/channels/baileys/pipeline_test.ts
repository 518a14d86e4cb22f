// The baileys adapter end to end: WhatsApp's side is the fake socket (the one party a
// test cannot reach); everything else is the real server — session manager, inbox,
// tenant database, hub and HTTP.
import assert from "node:assert/strict";
import { proto, type WAMessage } from "@whiskeysockets/baileys";
import { ADMIN, listen, PNG, startTestServer, type TestServer, waitFor } from "../../testing.ts";
import type { ServerOptions } from "../../server.ts";
import { FakeSocket, recordingFactory } from "./fixtures/fake_socket.ts";
import * as f from "./fixtures/messages.ts";
import { silentLogger } from "./logger.ts";

// Bytes each kind's content sniffs as, so stored media pass the type check.
function bytesFor(msg: WAMessage): Uint8Array {
  const m = proto.Message.fromObject(msg.message ?? {});
  const inner = m.viewOnceMessage?.message ?? m.viewOnceMessageV2?.message ?? m.documentWithCaptionMessage?.message ?? m;
  const ascii = (s: string) => new TextEncoder().encode(s);
  if (inner.imageMessage) return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  if (inner.stickerMessage) return ascii("RIFF\0\0\0\0WEBPVP8 ");
  if (inner.videoMessage) return ascii("\0\0\0\x18ftypmp42");
  if (inner.audioMessage) return ascii("OggS\0\x02");
  return ascii("%PDF-1.7\n");
}

async function withBaileys(
  fn: (s: TestServer, token: string, sock: FakeSocket, whatsappId: number) => Promise<void>,
  opts: { baileys?: ServerOptions["baileys"]; inbox?: ServerOptions["inbox"] } = {},
) {
  const { sockets, socketFactory } = recordingFactory();
  const s = await startTestServer({
    baileys: {
      socketFactory,
      downloader: (msg) => Promise.resolve(bytesFor(msg)),
      logger: silentLogger,
      sendGapMs: 0,
      ...opts.baileys,
    },
    inbox: opts.inbox,
  });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await s.call("/whatsapp", { token, body: { name: "Celular da loja", provider: "baileys" } });
    assert.equal(w.status, 201);
    const sock = await waitFor(() => sockets[0], 3000, "a socket");
    sock.qr("2@abc,def,ghi");
    await waitFor(async () => (await s.call(`/whatsapp/${w.body.id}`, { token })).body.qrcode === "2@abc,def,ghi");
    assert.equal((await s.call(`/whatsapp/${w.body.id}`, { token })).body.status, "qrcode");
    sock.open();
    await waitFor(async () => (await s.call(`/whatsapp/${w.body.id}`, { token })).body.status === "CONNECTED");
    const connected = (await s.call(`/whatsapp/${w.body.id}`, { token })).body;
    assert.equal(connected.number, "5511900000000");
    assert.equal(connected.qrcode, "");
    await fn(s, token, sock, w.body.id);
  } finally {
    await s.stop();
  }
}

const stored = (s: TestServer) =>
  s.deps.registry.with(1, (t) => t.client.execute("SELECT wid, media_type, body, media_url, media_error, quoted_msg_id, is_edited, is_deleted, meta, from_me, ack FROM messages ORDER BY id"));

Deno.test("baileys end to end: every kind of message is stored; groups and status updates are not", async () => {
  await withBaileys(async (s, _token, sock) => {
    const kinds = [
      f.conversation, f.extendedText, f.reply, f.image, f.gif, f.video, f.voiceNote, f.audioFile, f.document,
      f.documentWithCaption, f.sticker, f.location, f.liveLocation, f.contact, f.contacts, f.reaction,
      f.viewOnceImage, f.ephemeralText, f.group, f.statusBroadcast, f.stub,
    ];
    sock.ev.emit("messages.upsert", { type: "notify", messages: kinds });
    const rows = await waitFor(async () => {
      const r = await stored(s);
      return r.rows.length >= 18 ? r.rows : null;
    }, 5000, "18 stored messages");
    const by = (wid: string | null | undefined) => rows.find((r) => r.wid === wid)!;
    const expect: [WAMessage, string][] = [
      [f.conversation, "chat"], [f.extendedText, "extendedTextMessage"], [f.image, "image"], [f.gif, "video"],
      [f.video, "video"], [f.voiceNote, "audio"], [f.audioFile, "audio"], [f.document, "application"],
      [f.documentWithCaption, "application"], [f.sticker, "sticker"], [f.location, "locationMessage"],
      [f.liveLocation, "liveLocationMessage"], [f.contact, "vcard"], [f.contacts, "contactMessage"],
      [f.reaction, "reactionMessage"], [f.viewOnceImage, "image"],
    ];
    for (const [msg, type] of expect) assert.equal(by(msg.key.id).media_type, type, `${msg.key.id} is ${type}`);
    assert.equal(by(f.image.key.id).body, "Foto do produto");
    assert.match(String(by(f.image.key.id).media_url), /^\/public\/1\/[0-9a-f]{32}\.jpg$/);
    for (const m of [f.video, f.voiceNote, f.document, f.sticker]) {
      assert.ok(by(m.key.id).media_url, `${m.key.id} has its media`);
      assert.equal(by(m.key.id).media_error, null);
    }
    assert.match(String(by(f.location.key.id).meta), /latitude/);
    assert.match(String(by(f.contacts.key.id).meta), /BEGIN:VCARD[\s\S]*BEGIN:VCARD/);
    assert.equal(rows.filter((r) => r.wid === f.group.key.id).length, 0, "groups are ignored by default");
    assert.equal(rows.filter((r) => r.wid === f.statusBroadcast.key.id).length, 0);
    const tickets = await s.deps.registry.with(1, (t) => t.client.execute("SELECT count(*) AS n, max(unread_messages) AS u FROM tickets"));
    assert.equal(tickets.rows[0].n, 1, "one customer, one ticket");
  });
});

Deno.test("baileys end to end: lid and number are one contact; edits, revokes, acks and our own sends", async () => {
  await withBaileys(async (s, token, sock) => {
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.conversation, f.lidAddressed] });
    await waitFor(async () => (await stored(s)).rows.length === 2);
    const contacts = await s.deps.registry.with(1, (t) => t.client.execute("SELECT number, lid FROM contacts"));
    assert.equal(contacts.rows.length, 1, "the lid-addressed message joins the phone-number contact");
    assert.equal(contacts.rows[0].lid, f.CUSTOMER_LID);

    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.edit, f.revoke] });
    await waitFor(async () => (await stored(s)).rows.some((r) => r.is_edited === 1 || r.is_deleted === 1));

    const ticket = (await s.call("/tickets?status=pending", { token })).body.tickets[0];
    await s.call(`/tickets/${ticket.id}`, { token, method: "PUT", body: { status: "open" } });
    const sent = await s.call(`/messages/${ticket.id}`, { token, body: { body: "Olá Maria!", sign: false } });
    assert.equal(sent.status, 201);
    const out = await waitFor(() => sock.sent[0], 2000, "a send on the socket");
    assert.equal(out.jid, f.CUSTOMER);
    assert.equal(out.options?.messageId, sent.body.wid, "WhatsApp carries our id, so its echo is known");
    // WhatsApp's echo of our send, then its receipts.
    sock.ev.emit("messages.upsert", {
      type: "append",
      messages: [{ key: { remoteJid: f.CUSTOMER, fromMe: true, id: sent.body.wid }, messageTimestamp: f.TS, message: { conversation: "Olá Maria!" } }],
    });
    sock.ev.emit("messages.update", [{ key: { remoteJid: f.CUSTOMER, fromMe: true, id: sent.body.wid }, update: { status: 4 } }]);
    const mine = await waitFor(async () => {
      const r = (await stored(s)).rows.filter((x) => x.wid === sent.body.wid);
      return r.length === 1 && r[0].ack === 4 ? r : null;
    }, 3000, "ack 4 on our message");
    assert.equal(mine[0].from_me, 1);
  });
});

Deno.test("baileys end to end: a pairing code instead of a QR; the customer's picture is fetched", async () => {
  await withBaileys(async (s, _token, sock) => {
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.conversation, f.extendedText] });
    const contact = await waitFor(async () => {
      const r = await s.deps.registry.with(1, (t) => t.client.execute("SELECT profile_pic_url FROM contacts"));
      return r.rows[0]?.profile_pic_url ? r.rows[0] : null;
    }, 3000, "the profile picture");
    assert.equal(contact.profile_pic_url, sock.picture);
  });
  const { sockets, socketFactory } = recordingFactory();
  const s = await startTestServer({
    baileys: {
      socketFactory,
      logger: silentLogger,
    },
  });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await s.call("/whatsapp", { token, body: { name: "Por código", provider: "baileys" } });
    const bad = await s.call(`/whatsappsession/${w.body.id}`, { token, body: { pairingNumber: "12" } });
    assert.equal(bad.body.error, "ERR_VALIDATION");
    assert.equal((await s.call(`/whatsappsession/${w.body.id}`, { token, body: { pairingNumber: "5511900000000" } })).status, 200);
    const sock = await waitFor(() => sockets.find((x) => x.ended === 0 && sockets.indexOf(x) > 0), 3000, "a new socket");
    sock.qr("2@abc");
    const paired = await waitFor(async () => {
      const r = (await s.call(`/whatsapp/${w.body.id}`, { token })).body;
      return r.status === "PAIRING" ? r : null;
    }, 3000, "PAIRING");
    assert.equal(paired.qrcode, "ABCD1234");
    assert.deepEqual(sock.pairingRequests, ["5511900000000"]);
  } finally {
    await s.stop();
  }
});

/** The customer's ticket, accepted by the admin (so the admin is its attendant). */
async function openTicket(s: TestServer, token: string) {
  const ticket = (await s.call("/tickets?status=pending", { token })).body.tickets[0];
  await s.call(`/tickets/${ticket.id}`, { token, method: "PUT", body: { status: "open" } });
  return ticket;
}

Deno.test("baileys end to end: a send WhatsApp refuses (status ERROR) is marked failed, even after a delivery ack, and published", async () => {
  await withBaileys(async (s, token, sock) => {
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.conversation] });
    await waitFor(async () => (await stored(s)).rows.length === 1);
    const ticket = await openTicket(s, token);
    const sent = (await s.call(`/messages/${ticket.id}`, { token, body: { body: "Seu pedido", sign: false } })).body;
    assert.equal(sent.failed, false);
    const live = listen(s, 1, [String(ticket.id)]);
    const key = { remoteJid: f.CUSTOMER, fromMe: true, id: sent.wid };
    sock.ev.emit("messages.update", [{ key, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } }]);
    sock.ev.emit("messages.update", [{ key, update: { status: proto.WebMessageInfo.Status.ERROR } }]);
    const update = await waitFor(() =>
      live.events.find((e) => e.event === "company-1-appMessage" && e.data.action === "update" && e.data.message.failed), 3000, "a failed update");
    assert.equal(update.data.message.id, sent.id);
    const page = (await s.call(`/messages/${ticket.id}`, { token })).body.messages;
    const mine = page.find((m: { id: number }) => m.id === sent.id);
    assert.equal(mine.failed, true);
    assert.equal(mine.ack, 3, "the ack scale is left as it was");
    // The customer's own messages are never marked by a stray ERROR.
    sock.ev.emit("messages.update", [{ key: f.conversation.key, update: { status: proto.WebMessageInfo.Status.ERROR } }]);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(page.find((m: { fromMe: boolean }) => !m.fromMe).failed, false);
    assert.equal((await s.call(`/messages/${ticket.id}`, { token })).body.messages.filter((m: { failed: boolean }) => m.failed).length, 1);
    live.stop();
  });
});

Deno.test("baileys end to end: a media download that never ends does not hold the company's next message; it is kept with a marker", async () => {
  const never = new Promise<Uint8Array>(() => {});
  await withBaileys(async (s, _token, sock) => {
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.image] });
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.conversation] });
    const rows = await waitFor(async () => {
      const r = (await stored(s)).rows;
      return r.length === 2 ? r : null;
    }, 5000, "both messages stored");
    const image = rows.find((r) => r.wid === f.image.key.id)!;
    assert.equal(image.media_error, "ERR_WAPP_DOWNLOAD_MEDIA");
    assert.equal(image.media_url, null);
    assert.equal(image.body, "Foto do produto", "the caption is kept");
    assert.ok(rows.some((r) => r.wid === f.conversation.key.id));
  }, {
    baileys: { downloader: (msg) => msg.key.id === f.image.key.id ? never : Promise.resolve(new Uint8Array()) },
    inbox: { mediaTimeoutMs: 300 },
  });
});

Deno.test("baileys end to end: a desk send whose upload hangs fails with ERR_SENDING_WAPP_MSG; the next send on the connection goes", async () => {
  await withBaileys(async (s, token, sock) => {
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.conversation] });
    await waitFor(async () => (await stored(s)).rows.length === 1);
    const ticket = await openTicket(s, token);
    sock.stall = (content) => "image" in content;
    const form = new FormData();
    form.append("medias", new File([PNG], "a.png", { type: "image/png" }));
    const hung = await s.call(`/messages/${ticket.id}`, { token, form });
    assert.equal(hung.status, 502);
    assert.equal(hung.body.error, "ERR_SENDING_WAPP_MSG");
    const next = await s.call(`/messages/${ticket.id}`, { token, body: { body: "Tentando de novo", sign: false } });
    assert.equal(next.status, 201);
    assert.equal(sock.sent.length, 2);
    assert.deepEqual(sock.sent[1].content, { text: "Tentando de novo" });
  }, { baileys: { sendTimeoutMs: 300 } });
});

Deno.test("baileys end to end: a document with a caption from the desk is one document message with its file name and the signed caption", async () => {
  await withBaileys(async (s, token, sock) => {
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.conversation] });
    await waitFor(async () => (await stored(s)).rows.length === 1);
    const ticket = await openTicket(s, token);
    const form = new FormData();
    form.set("body", "Segue o contrato");
    form.set("sign", "true");
    form.append("medias", new File(["%PDF-1.7\n"], "contrato.pdf", { type: "application/pdf" }));
    const sent = await s.call(`/messages/${ticket.id}`, { token, form });
    assert.equal(sent.status, 201);
    assert.equal(sock.sent.length, 1, "no separate text repeats the caption");
    const content = sock.sent[0].content as { document?: Uint8Array; fileName?: string; caption?: string; mimetype?: string };
    assert.ok(content.document, "sent as a document");
    assert.equal(content.mimetype, "application/pdf");
    assert.equal(content.fileName, "contrato.pdf");
    assert.equal(content.caption, "*Admin*:\nSegue o contrato", "the signature is part of the caption text");
  });
});

Deno.test("baileys end to end: a stored number is checked once with WhatsApp and sends go to the address it answers (9th digit)", async () => {
  await withBaileys(async (s, token, sock, whatsappId) => {
    // Typed with the 9th digit; WhatsApp knows the account without it.
    const typed = await s.call("/contacts", { token, body: { name: "Cliente antigo", number: "5511987654321" } });
    assert.equal(typed.status, 201);
    const known = "551187654321@s.whatsapp.net";
    sock.onWhatsAppAnswer = [{ jid: known, exists: true }];
    const ticket = (await s.call("/tickets", { token, body: { contactId: typed.body.id, whatsappId, status: "open" } })).body;
    assert.equal((await s.call(`/messages/${ticket.id}`, { token, body: { body: "Oi", sign: false } })).status, 201);
    assert.equal((await s.call(`/messages/${ticket.id}`, { token, body: { body: "Tudo bem?", sign: false } })).status, 201);
    assert.deepEqual(sock.sent.map((x) => x.jid), [known, known]);
    assert.deepEqual(sock.checks, [["5511987654321"]], "asked once");
    const row = (await s.deps.registry.with(1, (t) => t.client.execute("SELECT wa_jid FROM contacts WHERE id = ?", [typed.body.id]))).rows[0];
    assert.equal(row.wa_jid, known);
    // The reply comes from the address WhatsApp knows: the same contact and ticket.
    sock.ev.emit("messages.upsert", {
      type: "notify",
      messages: [{ key: { remoteJid: known, fromMe: false, id: "3EB0REPLY9DIGIT" }, messageTimestamp: f.TS, pushName: "Cliente", message: { conversation: "Tudo!" } }],
    });
    const reply = await waitFor(async () => {
      const r = await s.deps.registry.with(1, (t) => t.client.execute("SELECT contact_id, ticket_id FROM messages WHERE wid = '3EB0REPLY9DIGIT'"));
      return r.rows[0] ?? null;
    }, 3000, "the reply");
    assert.equal(reply.contact_id, typed.body.id);
    assert.equal(reply.ticket_id, ticket.id);

    // A number without WhatsApp: refused before anything is stored or sent.
    const nobody = await s.call("/contacts", { token, body: { name: "Sem WhatsApp", number: "5511911110000" } });
    sock.onWhatsAppAnswer = [];
    const t2 = (await s.call("/tickets", { token, body: { contactId: nobody.body.id, whatsappId, status: "open" } })).body;
    const refused = await s.call(`/messages/${t2.id}`, { token, body: { body: "Oi", sign: false } });
    assert.equal(refused.body.error, "ERR_WAPP_INVALID_CONTACT");
    assert.equal(sock.sent.length, 2);
    assert.equal((await s.call(`/messages/${t2.id}`, { token })).body.messages.length, 0);
  });
});

Deno.test("baileys end to end: read receipts go to the address each message came from; call rejects to the caller's raw address", async () => {
  await withBaileys(async (s, token, sock) => {
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.conversation, f.lidAddressed] });
    await waitFor(async () => (await stored(s)).rows.length === 2);
    const ticket = await openTicket(s, token);
    await s.call(`/messages/${ticket.id}`, { token });
    const reads = await waitFor(() => sock.reads.length === 2 ? sock.reads : null, 3000, "two receipts");
    assert.deepEqual(reads.map((keys) => keys.map((k) => [k.remoteJid, k.id])).sort(), [
      [[f.CUSTOMER, f.conversation.key.id]],
      [[f.CUSTOMER_LID, f.lidAddressed.key.id]],
    ].sort());

    await s.call("/settings/call", { token, method: "PUT", body: { value: "disabled" } });
    sock.ev.emit("call", [f.callOfferFromDevice]);
    const rejected = await waitFor(() => sock.rejected[0], 3000, "a reject");
    assert.deepEqual(rejected, [f.callOfferFromDevice.id, f.callOfferFromDevice.from]);
  });
});

Deno.test("baileys end to end: polls, templates and undecryptable messages are kept with a marker; a resent undecryptable becomes the message", async () => {
  await withBaileys(async (s, token, sock) => {
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.poll, f.template, f.undecryptable] });
    const rows = await waitFor(async () => {
      const r = (await stored(s)).rows;
      return r.length === 3 ? r : null;
    }, 3000, "three markers");
    for (const [msg, kind] of [[f.poll, "poll"], [f.template, "template"], [f.undecryptable, "ciphertext"]] as const) {
      const row = rows.find((r) => r.wid === msg.key.id)!;
      assert.equal(row.media_type, "unsupported");
      assert.equal(JSON.parse(String(row.meta)).unsupported, kind);
    }
    assert.match(String(rows.find((r) => r.wid === f.poll.key.id)!.body), /Qual horário prefere\?/);

    const ticket = (await s.call("/tickets?status=pending", { token })).body.tickets[0];
    const live = listen(s, 1, [String(ticket.id)]);
    sock.ev.emit("messages.upsert", { type: "notify", messages: [f.undecryptableResent] });
    const update = await waitFor(() =>
      live.events.find((e) => e.event === "company-1-appMessage" && e.data.action === "update"), 3000, "the resent message");
    assert.equal(update.data.message.body, "Vi o anúncio e quero saber o preço");
    assert.equal(update.data.message.mediaType, "chat");
    const after = (await stored(s)).rows.filter((r) => r.wid === f.undecryptable.key.id);
    assert.equal(after.length, 1, "one row, now readable");
    assert.equal(after[0].media_type, "chat");
    assert.equal((await s.call(`/tickets/${ticket.id}`, { token })).body.lastMessage, "Vi o anúncio e quero saber o preço");
    live.stop();
  });
});
