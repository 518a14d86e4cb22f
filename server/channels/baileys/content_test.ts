import assert from "node:assert/strict";
import { contactContent, locationContent, mediaContent, textContent, vcard } from "./content.ts";

const file = (mimetype: string, extra: Record<string, unknown> = {}) => ({
  data: new Uint8Array([1, 2, 3]),
  mimetype,
  fileName: "file.bin",
  ...extra,
});

Deno.test("content: the WhatsApp kind follows the mimetype", () => {
  const kindOf = (c: object) =>
    Object.keys(c).find((k) => ["image", "video", "audio", "document", "sticker"].includes(k));
  assert.equal(kindOf(mediaContent(file("image/png", { caption: "c" }))), "image");
  assert.equal(kindOf(mediaContent(file("image/webp"))), "sticker");
  assert.equal(kindOf(mediaContent(file("video/mp4"))), "video");
  assert.equal(kindOf(mediaContent(file("audio/mpeg"))), "audio");
  assert.equal(kindOf(mediaContent(file("application/pdf"))), "document");
  const voice = mediaContent(file("audio/ogg; codecs=opus", { ptt: true })) as {
    audio: Uint8Array;
    ptt: boolean;
  };
  assert.equal(voice.ptt, true);
  assert.deepEqual([...voice.audio], [1, 2, 3]);
  const doc = mediaContent(file("application/pdf", { caption: "see" })) as {
    fileName: string;
    caption: string;
    mimetype: string;
  };
  assert.deepEqual([doc.fileName, doc.caption, doc.mimetype], [
    "file.bin",
    "see",
    "application/pdf",
  ]);
});

Deno.test("content: text, location and a contact card", () => {
  assert.deepEqual(textContent("hi"), { text: "hi" });
  assert.deepEqual(locationContent({ latitude: 1.5, longitude: -2, name: "Here" }), {
    location: { degreesLatitude: 1.5, degreesLongitude: -2, name: "Here", address: undefined },
  });
  const card = vcard("Silva, Ana; Jr", "+55 (11) 91111-1111");
  assert.equal(
    card,
    [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Silva\\, Ana\\; Jr",
      "TEL;type=CELL;type=VOICE;waid=5511911111111:+5511911111111",
      "END:VCARD",
    ].join("\n"),
  );
  assert.deepEqual(contactContent({ name: "Ana", number: "5511911111111" }), {
    contacts: {
      displayName: "Ana",
      contacts: [{ displayName: "Ana", vcard: vcard("Ana", "5511911111111") }],
    },
  });
});
