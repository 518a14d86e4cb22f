// Pure rules of the simulated phone (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { SandboxRecord, StoredMessage } from "../../../api/whatsapps.ts";
import {
  ackLevel,
  fromRecord,
  fromStored,
  isValidCustomerNumber,
  mediaKind,
  phoneNumberDigits,
  quoteIdOf,
  upsertBubbles,
} from "./conversation.ts";

const record = (patch: Partial<SandboxRecord> = {}): SandboxRecord => ({
  id: 1,
  wid: "SBX-1",
  number: "5511987654321",
  kind: "text",
  body: "Olá, como posso ajudar?",
  mediaUrl: null,
  mediaType: null,
  ack: 1,
  deleted: false,
  createdAt: "2026-01-01T10:00:01.000Z",
  ...patch,
});

const stored = (patch: Partial<StoredMessage> = {}): StoredMessage => ({
  id: 10,
  wid: "IN-10",
  body: "Oi",
  fromMe: false,
  ack: 0,
  mediaType: "chat",
  mediaUrl: null,
  createdAt: "2026-01-01T10:00:00.000Z",
  ...patch,
});

Deno.test("customer number: 8 to 15 digits", () => {
  assert.equal(phoneNumberDigits("+55 (11) 98765-4321"), "5511987654321");
  assert.equal(isValidCustomerNumber("1234567"), false);
  assert.equal(isValidCustomerNumber("12345678"), true);
  assert.equal(isValidCustomerNumber("123456789012345"), true);
  assert.equal(isValidCustomerNumber("1234567890123456"), false);
});

Deno.test("conversation: both sides in time order, updates replace, no duplicates", () => {
  const customer = [fromStored(stored(), { quotedWid: "SBX-0" })];
  let company = upsertBubbles([], [fromRecord(record())]);
  let all = upsertBubbles(customer, company);
  assert.deepEqual(all.map((bubble) => bubble.key), ["customer-10", "company-1"]);
  assert.equal(all[0].quotedWid, "SBX-0");

  company = upsertBubbles(company, [fromRecord(record({ ack: 3 }))]);
  company = upsertBubbles(company, [fromRecord(record({ ack: 3 }))]);
  assert.equal(company.length, 1);
  assert.equal(company[0].ack, 3);

  const earlier = fromRecord(record({ id: 0, wid: "SBX-0", createdAt: "2026-01-01T09:00:00Z" }));
  all = upsertBubbles(upsertBubbles(customer, company), [earlier]);
  assert.deepEqual(all.map((bubble) => bubble.key), ["company-0", "customer-10", "company-1"]);
  // replies quote our message id: known for the customer's messages, and for the company's
  // only when the outbox record carries messageId
  assert.equal(quoteIdOf(all[0]), null);
  assert.equal(quoteIdOf(all[1]), 10);
  assert.equal(quoteIdOf(fromRecord(record({ messageId: 55 }))), 55);
});

Deno.test("ticks and media kinds", () => {
  assert.equal(ackLevel(0), "pending");
  assert.equal(ackLevel(1), "sent");
  assert.equal(ackLevel(2), "delivered");
  assert.equal(ackLevel(3), "read");
  assert.equal(ackLevel(5), "read");
  assert.equal(mediaKind("image"), "image");
  assert.equal(mediaKind("image/png"), "image");
  assert.equal(mediaKind("audio"), "audio");
  assert.equal(mediaKind("video/mp4"), "video");
  assert.equal(mediaKind("application"), "file");
  assert.equal(mediaKind(null), "file");
});

Deno.test("a sent location is kept from the answer's meta or from what was sent", () => {
  const place = { latitude: -23.5, longitude: -46.6, name: "Praça" };
  assert.deepEqual(fromStored(stored(), { location: place }).location, {
    latitude: -23.5,
    longitude: -46.6,
    name: "Praça",
    address: undefined,
  });
  const fromMeta = fromStored(stored({ meta: { location: { latitude: 1, longitude: 2 } } }));
  assert.equal(fromMeta.location?.latitude, 1);
});

Deno.test("conversation: a document the company sent keeps its file name apart from its caption", () => {
  const bubble = fromRecord(record({
    kind: "media",
    body: "*Admin*:\nSegue o contrato",
    mediaUrl: "/public/1/x.pdf",
    mediaType: "application/pdf",
    mediaName: "contrato.pdf",
  }));
  assert.equal(bubble.mediaName, "contrato.pdf");
  assert.equal(bubble.body, "*Admin*:\nSegue o contrato");
});
