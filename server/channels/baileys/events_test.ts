import assert from "node:assert/strict";
import { fromCall, fromContact, fromLidMapping, fromReceipt, fromUpdate } from "./events.ts";
import * as f from "./fixtures/messages.ts";

Deno.test("events: status updates map 1:1 to our ack (WAMessageStatus values)", () => {
  assert.deepEqual(
    f.statusUpdates.map((u) => fromUpdate(u).ack),
    [1, 2, 3, 4, 5].map((ack) => ({ wid: "BAE5F2D1C0B9A8E70005", ack })),
  );
  assert.deepEqual(fromUpdate(f.errorUpdate), { ack: { wid: "BAE5F2D1C0B9A8E70005", ack: 0 } });
});

Deno.test("events: a refusal carries WhatsApp's code (463: the account is restricted) with the ack", () => {
  assert.deepEqual(fromUpdate(f.restrictedUpdate), { ack: { wid: "BAE5F2D1C0B9A8E70005", ack: 0, error: "463" } });
});

Deno.test("events: edit and revoke updates name the target message and who asked", () => {
  const customer = { fromMe: false, peer: { jid: f.CUSTOMER, number: "5511987654321" } };
  assert.deepEqual(fromUpdate(f.editUpdate), {
    edit: { wid: "3EB0A1B2C3D4E5F60001", body: "Olá, preciso de ajuda urgente", by: customer },
  });
  assert.deepEqual(fromUpdate(f.revokeUpdate), { revoke: { wid: "3EB0A1B2C3D4E5F60002", by: customer } });
  // In a group, the participant who sent the protocol message is the editor.
  assert.deepEqual(fromUpdate(f.groupEditUpdate).edit?.by, {
    fromMe: false,
    peer: { jid: "5511933333333@s.whatsapp.net", number: "5511933333333" },
  });
  assert.deepEqual(fromUpdate({ key: { id: "x" }, update: { starred: true } }), {});
  assert.deepEqual(fromUpdate({ key: {}, update: { status: 3 } }), {});
});

Deno.test("events: receipts give delivered, read, played", () => {
  assert.deepEqual(
    f.receipts.map(fromReceipt),
    [3, 4, 5].map((ack) => ({ wid: "BAE5F2D1C0B9A8E70006", ack })),
  );
  assert.equal(fromReceipt({ key: { id: "x" }, receipt: { userJid: "1@s.whatsapp.net" } }), null);
});

Deno.test("events: calls keep offer/timeout/reject/accept/terminate with the caller's number", () => {
  assert.deepEqual(fromCall(f.callOffer), {
    id: "E3C1F0A2B4D6C8E0A1B2C3D4E5F60718",
    peer: { jid: f.CUSTOMER_LID, lid: f.CUSTOMER_LID, number: "5511987654321" },
    isVideo: true,
    status: "offer",
    timestamp: f.TS * 1000,
    from: f.CUSTOMER_LID,
  });
  assert.equal(fromCall(f.callTimeout)?.status, "timeout");
  assert.equal(fromCall(f.callTimeout)?.isVideo, false);
  assert.equal(fromCall(f.callTransport), null);
});

Deno.test("events: contacts and lid mappings teach lid <-> number and push names", () => {
  assert.deepEqual(fromContact({ id: f.CUSTOMER_LID, phoneNumber: f.CUSTOMER, notify: "Maria" }), {
    lid: f.CUSTOMER_LID,
    number: "5511987654321",
    pushName: "Maria",
  });
  assert.deepEqual(
    fromContact({ id: f.CUSTOMER, imgUrl: "https://pps.whatsapp.net/v/t61/abc.jpg" }),
    {
      number: "5511987654321",
      profilePicUrl: "https://pps.whatsapp.net/v/t61/abc.jpg",
    },
  );
  // Nothing learnt: only an id, or a "changed" marker instead of a URL.
  assert.equal(fromContact({ id: f.CUSTOMER }), null);
  assert.equal(fromContact({ id: f.CUSTOMER, imgUrl: "changed" }), null);
  assert.equal(fromContact({ id: f.GROUP, notify: "x" }), null);
  assert.deepEqual(fromLidMapping({ lid: f.CUSTOMER_LID, pn: f.CUSTOMER }), {
    lid: f.CUSTOMER_LID,
    number: "5511987654321",
  });
  assert.equal(fromLidMapping({ lid: "1", pn: "2" }), null);
});
