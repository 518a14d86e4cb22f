import assert from "node:assert/strict";
import { clockOf, previewText } from "./preview.ts";
import { normalizeMessage } from "../../channels/baileys/normalize.ts";
import * as f from "../../channels/baileys/fixtures/messages.ts";
import { ADMIN, PNG, sandboxConnection, startTestServer } from "../../testing.ts";

Deno.test("preview: a file is named by its kind, with an audio's length and a document's name", () => {
  const file = { body: "", hasMedia: true };
  assert.equal(previewText("pt", { ...file, mediaType: "image" }), "Foto");
  assert.equal(previewText("pt", { ...file, mediaType: "audio", seconds: 12 }), "Áudio 0:12");
  assert.equal(previewText("en", { ...file, mediaType: "audio" }), "Audio");
  assert.equal(previewText("pt", { ...file, mediaType: "video", seconds: 75 }), "Vídeo 1:15");
  assert.equal(previewText("pt", { ...file, mediaType: "sticker" }), "Figurinha");
  assert.equal(previewText("es", { ...file, mediaType: "sticker" }), "Sticker");
  // The channels put a document's name in its text when it has no caption: shown once.
  assert.equal(
    previewText("pt", {
      body: "nota.pdf",
      hasMedia: true,
      mediaType: "application",
      fileName: "nota.pdf",
    }),
    "Documento nota.pdf",
  );
  assert.equal(
    previewText("en", {
      body: "Segue",
      hasMedia: true,
      mediaType: "application",
      fileName: "nota.pdf",
    }),
    "Document nota.pdf: Segue",
  );
  assert.equal(
    previewText("pt", { body: "o recibo", hasMedia: true, mediaType: "image" }),
    "Foto: o recibo",
  );
  assert.equal(
    previewText("pt", { body: "", hasMedia: false, mediaType: "locationMessage" }),
    "Localização",
  );
  assert.equal(
    previewText("pt", { body: "Ana", hasMedia: false, mediaType: "vcard" }),
    "Contato: Ana",
  );
  assert.equal(previewText("pt", { body: "olá", hasMedia: false, mediaType: "chat" }), "olá");
  assert.equal(
    previewText("pt", { body: "x".repeat(300), hasMedia: false, mediaType: "chat" }).length,
    255,
  );
  assert.equal(clockOf(3725), "1:02:05");
});

Deno.test("preview: WhatsApp tells an audio's length, the inbox keeps it for the preview", () => {
  const n = normalizeMessage(f.voiceNote, {
    download: () => Promise.resolve(new Uint8Array()),
    now: () => 0,
  });
  assert.equal(n?.kind, "message");
  const media = n?.kind === "message" ? n.message.media : undefined;
  assert.equal(media?.seconds, 7);
});

Deno.test("preview: a stored photo and document name the ticket's last message by kind", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = (await sandboxConnection(s, token)).id;
    const send = async (file: File) => {
      const form = new FormData();
      form.set("number", "5511944441111");
      form.append("medias", file);
      const r = await s.call(`/sandbox/${w}/inbound`, { token, form });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      return (await s.call(`/tickets/${r.body[0].ticketId}`, { token })).body.lastMessage;
    };
    assert.equal(await send(new File([PNG], "foto.png", { type: "image/png" })), "Foto");
    const pdf = new TextEncoder().encode("%PDF-1.7\n");
    assert.equal(
      await send(new File([pdf], "nota.pdf", { type: "application/pdf" })),
      "Documento nota.pdf",
    );
  } finally {
    await s.stop();
  }
});
