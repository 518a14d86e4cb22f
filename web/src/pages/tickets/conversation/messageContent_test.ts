// How message bubbles read their data (run with `deno test web/src`).
import assert from "node:assert/strict";
import { formatLocalDate, formatTime } from "../../../lib/format.ts";
import { listTime, localDay } from "../time.ts";
import {
  ackLabel,
  ackState,
  bubbleKind,
  deliveryState,
  locationOf,
  parseVcard,
  unsupportedKind,
} from "./messageContent.ts";
import { message } from "../testFixtures.ts";

Deno.test("ack icons: 1 single tick, 2-3 double tick, 4-5 double tick coloured", () => {
  assert.equal(ackState(0), "pending");
  assert.equal(ackState(1), "sent");
  assert.equal(ackState(2), "delivered");
  assert.equal(ackState(3), "delivered");
  assert.equal(ackState(4), "read");
  assert.equal(ackState(5), "read");
});

Deno.test("vcard: FN and the waid number, or the TEL digits, or N when FN is missing", () => {
  const whatsapp = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    "N:Silva;Maria;;;",
    "FN:Maria Silva",
    "item1.TEL;waid=5511987654321:+55 11 98765-4321",
    "item1.X-ABLabel:Celular",
    "END:VCARD",
  ].join("\n");
  assert.deepEqual(parseVcard(whatsapp), { name: "Maria Silva", number: "5511987654321" });
  const plain =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Souza;João\r\nTEL;TYPE=CELL:+55 (21) 3333-4444\r\nEND:VCARD";
  assert.deepEqual(parseVcard(plain), { name: "João Souza", number: "552133334444" });
  assert.deepEqual(parseVcard("garbage"), { name: "", number: "" });
  // A folded FN line is unfolded first.
  assert.equal(parseVcard("BEGIN:VCARD\nFN:Long\n  Name\nEND:VCARD").name, "Long Name");
});

Deno.test("location: maps link from meta.location, or the pipe body", () => {
  assert.deepEqual(
    locationOf({
      body: "",
      meta: { location: { latitude: -23.5, longitude: -46.6, name: "Office", address: "Av. X" } },
    }),
    { url: "https://maps.google.com/?q=-23.5,-46.6", name: "Office", address: "Av. X" },
  );
  assert.deepEqual(
    locationOf({
      body: "data:image/png;base64,xx|https://maps.google.com/maps?q=1,2|Home",
      meta: null,
    }),
    { url: "https://maps.google.com/maps?q=1,2", name: "Home", image: "data:image/png;base64,xx" },
  );
  // No thumbnail, and a description that itself holds a pipe.
  assert.deepEqual(
    locationOf({ body: "|https://maps.google.com/maps?q=1,2|Rua A | casa 2", meta: null }),
    { url: "https://maps.google.com/maps?q=1,2", name: "Rua A | casa 2", image: undefined },
  );
  // A thumbnail that is neither a data image nor https is not shown.
  assert.equal(
    locationOf({ body: "javascript:x|https://maps.google.com/?q=1,2|", meta: null })?.image,
    undefined,
  );
  assert.equal(locationOf({ body: "just text", meta: null }), null);
  assert.equal(locationOf({ body: "a|javascript:alert(1)|x", meta: null }), null);
});

Deno.test("bubble kind: deleted and failed downloads win over the media type", () => {
  const base = { isDeleted: false, mediaError: null };
  assert.equal(bubbleKind({ ...base, mediaType: "chat" }), "text");
  assert.equal(bubbleKind({ ...base, mediaType: "extendedTextMessage" }), "text");
  assert.equal(bubbleKind({ ...base, mediaType: "application" }), "document");
  assert.equal(bubbleKind({ ...base, mediaType: "liveLocationMessage" }), "location");
  assert.equal(bubbleKind({ ...base, mediaType: "contactMessage" }), "contact");
  assert.equal(bubbleKind({ ...base, mediaType: "call_log" }), "call");
  assert.equal(bubbleKind({ ...base, mediaType: "something-new" }), "text");
  assert.equal(
    bubbleKind({ isDeleted: false, mediaError: "ERR_WAPP_DOWNLOAD_MEDIA", mediaType: "image" }),
    "mediaError",
  );
  assert.equal(bubbleKind({ isDeleted: true, mediaError: null, mediaType: "image" }), "deleted");
});

Deno.test("times: HH:mm today, dd/MM/yyyy otherwise, in the browser's time zone", () => {
  const now = new Date(2025, 4, 20, 15, 0);
  const morning = new Date(2025, 4, 20, 9, 5).toISOString();
  const lateYesterday = new Date(2025, 4, 19, 23, 59).toISOString();
  assert.equal(formatTime(morning), "09:05");
  assert.equal(listTime(morning, now), "09:05");
  assert.equal(listTime(lateYesterday, now), "19/05/2025");
  assert.equal(formatLocalDate(lateYesterday), "19/05/2025");
  assert.equal(localDay(lateYesterday), "2025-05-19");
  assert.equal(formatTime("not a date"), "");
});

Deno.test("queue chip text is black or white, whichever contrasts more with the queue colour", async () => {
  const { textOn } = await import("../color.ts");
  // The spec's default blues: white on them is only 3.12:1 (WCAG AA asks 4.5:1).
  assert.equal(textOn("#2196F3"), "#000000");
  assert.equal(textOn("#c62828"), "#ffffff");
  assert.equal(textOn("#ffff00"), "#000000");
  assert.equal(textOn("#fff"), "#000000");
  assert.equal(textOn("#1a237e"), "#ffffff");
  assert.equal(textOn("red-ish"), "#ffffff");
});

Deno.test("a message WhatsApp refused shows as failed whatever its ack", () => {
  assert.equal(deliveryState({ ack: 3, failed: true }), "failed");
  assert.equal(deliveryState({ ack: 0, failed: true }), "failed");
  assert.equal(deliveryState({ ack: 4, failed: false }), "read");
});

Deno.test("a refused message's mark says WhatsApp's code, and what 463 and 479 mean", () => {
  assert.deepEqual(ackLabel({ ack: 1, failed: true, failedCode: "463" }), {
    key: "messages.ack.failed463",
  });
  assert.deepEqual(ackLabel({ ack: 1, failed: true, failedCode: "479" }), {
    key: "messages.ack.failed479",
  });
  assert.deepEqual(ackLabel({ ack: 1, failed: true, failedCode: "421" }), {
    key: "messages.ack.failedCode",
    code: "421",
  });
  assert.deepEqual(ackLabel({ ack: 1, failed: true, failedCode: null }), {
    key: "messages.ack.failed",
  });
  assert.deepEqual(ackLabel({ ack: 3, failed: false, failedCode: null }), {
    key: "messages.ack.delivered",
  });
});

Deno.test("kinds the desk cannot show get their own bubble, named by kind", () => {
  const poll = message(1, {
    mediaType: "unsupported",
    meta: { unsupported: "poll" },
    body: "Pizza?",
  });
  assert.equal(bubbleKind(poll), "unsupported");
  assert.equal(unsupportedKind(poll), "poll");
  assert.equal(
    unsupportedKind(message(2, { mediaType: "unsupported", meta: { unsupported: "ciphertext" } })),
    "ciphertext",
  );
  assert.equal(
    unsupportedKind(
      message(3, { mediaType: "unsupported", meta: { unsupported: "somethingNew" } }),
    ),
    "other",
  );
  assert.equal(unsupportedKind(message(4, { mediaType: "unsupported", meta: null })), "other");
  assert.equal(bubbleKind({ ...poll, isDeleted: true }), "deleted");
});
