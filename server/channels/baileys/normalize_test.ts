import assert from "node:assert/strict";
import { BufferJSON, type WAMessage } from "@whiskeysockets/baileys";
import type { InboundMessage } from "../channel.ts";
import { type Normalized, normalizeMessage, toNumber } from "./normalize.ts";
import * as f from "./fixtures/messages.ts";

const downloaded: WAMessage[] = [];
const download = (msg: WAMessage) => {
  downloaded.push(msg);
  return Promise.resolve(new TextEncoder().encode("media of " + msg.key.id));
};
const NOW = 1_800_000_000_000;
const norm = (m: WAMessage) => normalizeMessage(m, { download, now: () => NOW });

function message(m: WAMessage): InboundMessage {
  const n = norm(m);
  assert.equal(n?.kind, "message", `expected a message for ${m.key.id}`);
  return (n as Extract<Normalized, { kind: "message" }>).message;
}

Deno.test("normalize: conversation is chat with sender, time, raw and the lid from remoteJidAlt", () => {
  const m = message(f.conversation);
  assert.equal(m.wid, "3EB0A1B2C3D4E5F60001");
  assert.equal(m.mediaType, "chat");
  assert.equal(m.body, "Olá, preciso de ajuda");
  assert.equal(m.fromMe, false);
  assert.deepEqual(m.peer, {
    jid: f.CUSTOMER,
    number: "5511987654321",
    lid: f.CUSTOMER_LID,
    pushName: "Maria Souza",
  });
  assert.equal(m.timestamp, f.TS * 1000);
  assert.equal(m.group, undefined);
  assert.equal(m.media, undefined);
  assert.equal(m.quotedWid, undefined);
  // raw keeps bytes through BufferJSON.
  const raw = JSON.parse(m.raw!, BufferJSON.reviver);
  assert.equal(raw.key.id, m.wid);
  assert.deepEqual(
    new Uint8Array(raw.message.messageContextInfo.messageSecret),
    new Uint8Array(32).fill(7),
  );
});

Deno.test("normalize: extended text, Long timestamps, replies from any kind's contextInfo", () => {
  const ext = message(f.extendedText);
  assert.equal(ext.mediaType, "extendedTextMessage");
  assert.equal(ext.body, "Veja https://example.com/pedido/42");
  assert.equal(ext.timestamp, (f.TS + 1) * 1000);

  const reply = message(f.reply);
  assert.equal(reply.quotedWid, "BAE5F2D1C0B9A8E70001");
  assert.equal(message(f.image).quotedWid, "BAE5F2D1C0B9A8E70002");
  assert.equal(message(f.groupLid).quotedWid, "3EB0A1B2C3D4E5F60021");
});

Deno.test("normalize: media kinds carry mimetype, size, file name, ptt and a lazy download", async () => {
  const img = message(f.image);
  assert.equal(img.mediaType, "image");
  assert.equal(img.body, "Foto do produto");
  assert.equal(img.media?.mimetype, "image/jpeg");
  assert.equal(img.media?.size, 184233);
  assert.equal(downloaded.length, 0, "nothing is fetched before download()");
  assert.equal(
    new TextDecoder().decode(await img.media!.download()),
    "media of 3EB0A1B2C3D4E5F60004",
  );
  assert.equal(downloaded.at(-1), f.image, "the downloader gets the original WAMessage");

  const gif = message(f.gif);
  assert.equal(gif.mediaType, "video");
  assert.equal(gif.media?.size, 90211);
  const video = message(f.video);
  assert.deepEqual([video.mediaType, video.body, video.media?.mimetype, video.media?.size], [
    "video",
    "Como ficou",
    "video/mp4",
    1048576,
  ]);

  const ptt = message(f.voiceNote);
  assert.deepEqual([ptt.mediaType, ptt.body, ptt.media?.ptt, ptt.media?.mimetype], [
    "audio",
    "",
    true,
    "audio/ogg; codecs=opus",
  ]);
  const mp3 = message(f.audioFile);
  assert.equal(mp3.media?.ptt, undefined);
  assert.equal(mp3.media?.mimetype, "audio/mpeg");

  const doc = message(f.document);
  assert.deepEqual([
    doc.mediaType,
    doc.body,
    doc.media?.fileName,
    doc.media?.mimetype,
    doc.media?.size,
  ], [
    "application",
    "boleto-maio.pdf",
    "boleto-maio.pdf",
    "application/pdf",
    52133,
  ]);
  const withCaption = message(f.documentWithCaption);
  assert.equal(withCaption.mediaType, "application");
  assert.equal(withCaption.body, "Segue a planilha");
  assert.equal(withCaption.media?.fileName, "planilha.xlsx");

  const sticker = message(f.sticker);
  assert.deepEqual([sticker.mediaType, sticker.body, sticker.media?.mimetype], [
    "sticker",
    "",
    "image/webp",
  ]);
});

Deno.test("normalize: wrappers (view once, ephemeral) are unwrapped", () => {
  const once = message(f.viewOnceImage);
  assert.equal(once.mediaType, "image");
  assert.equal(once.media?.mimetype, "image/jpeg");
  assert.equal(once.media?.size, 99000);
  const eph = message(f.ephemeralText);
  assert.equal(eph.mediaType, "extendedTextMessage");
  assert.equal(eph.body, "Mensagem temporária");
});

Deno.test("normalize: locations, contacts and reactions", () => {
  const loc = message(f.location);
  assert.equal(loc.mediaType, "locationMessage");
  assert.equal(loc.body, "Loja Paulista\nAv. Paulista, 1000 - São Paulo");
  assert.deepEqual(loc.location, {
    latitude: -23.5613,
    longitude: -46.6565,
    name: "Loja Paulista",
    address: "Av. Paulista, 1000 - São Paulo",
  });
  const live = message(f.liveLocation);
  assert.equal(live.mediaType, "liveLocationMessage");
  assert.equal(live.body, "Estou chegando");
  assert.deepEqual(live.location, { latitude: -22.9068, longitude: -43.1729, live: true });

  const one = message(f.contact);
  assert.equal(one.mediaType, "vcard");
  assert.equal(one.body, "Ana");
  assert.equal(one.vcards?.length, 1);
  assert.match(one.vcards![0], /waid=5511911111111/);
  const many = message(f.contacts);
  assert.equal(many.mediaType, "contactMessage");
  assert.equal(many.body, "2 contatos");
  assert.equal(many.vcards?.length, 2);
  assert.match(many.vcards![1], /FN:Beto/);

  const r = message(f.reaction);
  assert.equal(r.mediaType, "reactionMessage");
  assert.equal(r.body, "👍");
  assert.deepEqual(r.reaction, { targetWid: "BAE5F2D1C0B9A8E70003", emoji: "👍" });
  assert.deepEqual(message(f.reactionRemoved).reaction, {
    targetWid: "BAE5F2D1C0B9A8E70003",
    emoji: "",
  });
});

Deno.test("normalize: groups, lid addressing and our own messages", () => {
  const g = message(f.group);
  assert.deepEqual(g.group, { jid: f.GROUP });
  // The participant without its device part, and the lid from participantAlt.
  assert.deepEqual(g.peer, {
    jid: "5511955554444@s.whatsapp.net",
    number: "5511955554444",
    lid: "99887766554433@lid",
    pushName: "João",
  });

  const gl = message(f.groupLid);
  assert.deepEqual(gl.peer, {
    jid: "99887766554433@lid",
    lid: "99887766554433@lid",
    number: "5511955554444",
    pushName: "João",
  });

  const lid = message(f.lidAddressed);
  assert.deepEqual(lid.peer, {
    jid: f.CUSTOMER_LID,
    lid: f.CUSTOMER_LID,
    number: "5511987654321",
    pushName: "Maria Souza",
  });

  const mine = message(f.fromMe);
  assert.equal(mine.fromMe, true);
  // pushName on our own message is our name, not the customer's.
  assert.deepEqual(mine.peer, { jid: f.CUSTOMER, number: "5511987654321" });
});

Deno.test("normalize: edits and revokes become events on the target message, with who sent them", () => {
  const customer = {
    fromMe: false,
    peer: { jid: f.CUSTOMER, number: "5511987654321", lid: f.CUSTOMER_LID },
  };
  assert.deepEqual(norm(f.edit), {
    kind: "edit",
    edit: { wid: "3EB0A1B2C3D4E5F60001", body: "Olá, preciso de ajuda urgente", by: customer },
  });
  assert.deepEqual(norm(f.editPlain), {
    kind: "edit",
    edit: { wid: "3EB0A1B2C3D4E5F60004", body: "Foto do produto (nova)", by: customer },
  });
  assert.deepEqual(norm(f.revoke), { kind: "revoke", revoke: { wid: "3EB0A1B2C3D4E5F60002", by: customer } });
  // The author is the protocol message's sender, not whoever the target key names.
  assert.deepEqual(norm(f.editByOther), {
    kind: "edit",
    edit: {
      wid: "3EB0A1B2C3D4E5F60021",
      body: "Texto trocado",
      by: { fromMe: false, peer: { jid: "5511933333333@s.whatsapp.net", number: "5511933333333" } },
    },
  });
});

Deno.test("normalize: polls, albums, events, orders, templates and undecryptable messages keep a marker", () => {
  const cases: [WAMessage, string, string][] = [
    [f.poll, "poll", "Qual horário prefere?\n- Manhã\n- Tarde"],
    [f.album, "album", ""],
    [f.event, "event", "Inauguração da loja\nVenha conhecer\nRua Augusta, 100"],
    [f.order, "order", "Pedido 42\nQuero estes dois"],
    [f.template, "template", "Seu pedido saiu para entrega\nLoja Parceira"],
    [f.interactive, "interactive", "Ofertas\nEscolha uma opção\nResponda pelo celular"],
    [f.undecryptable, "ciphertext", ""],
  ];
  for (const [msg, kind, body] of cases) {
    const m = message(msg);
    assert.equal(m.mediaType, "unsupported", kind);
    assert.equal(m.unsupported, kind);
    assert.equal(m.body, body, kind);
    assert.equal(m.wid, msg.key.id);
    assert.equal(m.peer.number, "5511987654321");
  }
  // A vote changes a poll; it is not a message of its own.
  assert.equal(norm(f.pollVote), null);
});

Deno.test("normalize: a poll built by Baileys' own message builder keeps its question", async () => {
  const { generateWAMessageContent } = await import("@whiskeysockets/baileys");
  const content = await generateWAMessageContent(
    { poll: { name: "Pizza ou lanche?", values: ["Pizza", "Lanche"], selectableCount: 1 } },
    { upload: () => Promise.reject(new Error("no upload for a poll")) },
  );
  const m = message({ key: { remoteJid: f.CUSTOMER, fromMe: false, id: "POLL1" }, message: content });
  assert.equal(m.mediaType, "unsupported");
  assert.equal(m.unsupported, "poll");
  assert.equal(m.body, "Pizza ou lanche?\n- Pizza\n- Lanche");
});

Deno.test("normalize: status, internal protocol messages and stubs are ignored", () => {
  assert.equal(norm(f.statusBroadcast), null);
  assert.equal(norm(f.appStateKeyShare), null);
  assert.equal(norm(f.ephemeralSetting), null);
  assert.equal(norm(f.stub), null);
  assert.equal(
    norm({
      key: { remoteJid: "120363000000000000@newsletter", id: "1" },
      message: { conversation: "x" },
    }),
    null,
  );
});

Deno.test("normalize: a message without a timestamp takes the injected now", () => {
  const m = message({ key: { remoteJid: f.CUSTOMER, id: "3" }, message: { conversation: "x" } });
  assert.equal(m.timestamp, NOW);
});

Deno.test("normalize: toNumber reads numbers, Longs and Longs that went through JSON", () => {
  assert.equal(toNumber(12), 12);
  assert.equal(toNumber(null), 0);
  assert.equal(toNumber("17"), 17);
  assert.equal(toNumber({ low: 5, high: 1, unsigned: true }), 2 ** 32 + 5);
  assert.equal(toNumber(JSON.parse(JSON.stringify({ low: -1, high: 0 }))), 2 ** 32 - 1);
});

Deno.test("normalize: decoded protobuf instances (real Longs, prototype defaults) read the same", async () => {
  const { proto } = await import("@whiskeysockets/baileys");
  for (
    const fixture of [
      f.image,
      f.voiceNote,
      f.documentWithCaption,
      f.contacts,
      f.edit,
      f.editPlain,
      f.revoke,
      f.group,
      f.location,
      f.liveLocation,
      f.reaction,
      f.viewOnceImage,
      f.reply,
      f.stub,
      f.poll,
      f.template,
      f.undecryptable,
    ]
  ) {
    const decoded = proto.WebMessageInfo.decode(
      proto.WebMessageInfo.encode(fixture).finish(),
    ) as WAMessage;
    // rc14's extra key fields (remoteJidAlt...) are not in the protobuf; put them back as Baileys does.
    decoded.key = { ...decoded.key, ...fixture.key };
    const a = norm(fixture), b = norm(decoded);
    assert.equal(a?.kind, b?.kind);
    if (a?.kind === "message" && b?.kind === "message") {
      const strip = (m: InboundMessage) => ({
        ...m,
        raw: undefined,
        media: m.media && { ...m.media, download: undefined },
      });
      assert.deepEqual(strip(b.message), strip(a.message));
    } else {
      assert.deepEqual(b, a);
    }
  }
});
