import assert from "node:assert/strict";
import { generateWAMessageContent, type proto, type WAMediaUploadFunction } from "@whiskeysockets/baileys";
import { contactContent, locationContent, mediaContent, textContent, vcard } from "./content.ts";
import { silentLogger } from "./logger.ts";

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
  assert.equal(kindOf(mediaContent(file("image/webp"))), "image");
  assert.equal(kindOf(mediaContent(file("image/webp", { sticker: true }))), "sticker");
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

// WhatsApp's media server is the one party a test cannot reach: the upload answers like it.
const upload: WAMediaUploadFunction = () =>
  Promise.resolve({ mediaUrl: "https://mmg.whatsapp.net/v/t62.7118-24/1.enc", directPath: "/v/t62.7118-24/1.enc" });

/** What Baileys' own message builder makes of our content, as it would go on the wire. */
const built = (media: Parameters<typeof mediaContent>[0]): Promise<proto.IMessage> =>
  generateWAMessageContent(mediaContent(media), { upload, logger: silentLogger });

const ascii = (s: string) => new TextEncoder().encode(s);
const WEBP = ascii("RIFF\x24\0\0\0WEBPVP8 \x18\0\0\0");
const GIF = ascii("GIF89a\x01\0\x01\0\0\0\0;");
const MP4 = ascii("\0\0\0\x18ftypmp42\0\0\0\0mp42isom");
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

Deno.test("content: a webp photo with a caption goes as an image and keeps the caption (Baileys' builder)", async () => {
  const m = await built({ data: WEBP, mimetype: "image/webp", fileName: "foto.webp", caption: "Nosso produto" });
  assert.ok(!m.stickerMessage);
  assert.equal(m.imageMessage?.caption, "Nosso produto");
  assert.equal(m.imageMessage?.mimetype, "image/webp");
  const sticker = await built({ data: WEBP, mimetype: "image/webp", fileName: "s.webp", sticker: true });
  assert.ok(sticker.stickerMessage, "a sticker when chosen as one");
});

Deno.test("content: gifs and webm go as looping mp4 video when they are mp4, else as documents (Baileys' builder)", async () => {
  const gifMp4 = await built({ data: MP4, mimetype: "image/gif", fileName: "dance.gif", caption: "olha" });
  assert.equal(gifMp4.videoMessage?.gifPlayback, true);
  assert.equal(gifMp4.videoMessage?.mimetype, "video/mp4");
  assert.equal(gifMp4.videoMessage?.caption, "olha");

  const realGif = await built({ data: GIF, mimetype: "image/gif", fileName: "dance.gif", caption: "olha" });
  assert.ok(!realGif.imageMessage);
  assert.ok(!realGif.videoMessage);
  assert.equal(realGif.documentMessage?.fileName, "dance.gif");
  assert.equal(realGif.documentMessage?.mimetype, "image/gif");
  assert.equal(realGif.documentMessage?.caption, "olha");

  const webm = await built({ data: WEBM, mimetype: "video/webm", fileName: "clip.webm" });
  assert.ok(!webm.videoMessage);
  assert.equal(webm.documentMessage?.fileName, "clip.webm");

  const mp4 = await built({ data: MP4, mimetype: "video/mp4", fileName: "clip.mp4", caption: "vídeo" });
  assert.equal(mp4.videoMessage?.caption, "vídeo");
  assert.ok(!mp4.videoMessage?.gifPlayback);
});
