import assert from "node:assert/strict";
import { startBot } from "../testing.ts";
import { chooseBranch } from "./chooser.ts";
import { compare } from "./blocks/branch.ts";
import { campaign, graph, lastRun, publish } from "./testing.ts";

Deno.test("randomizer: over 10,000 runs each output gets its percent within 2 points", () => {
  for (const percent of [0, 10, 35, 50, 90, 100]) {
    let a = 0;
    for (let i = 0; i < 10_000; i++) if (chooseBranch(percent, Math.random) === "a") a++;
    assert.ok(Math.abs(a / 100 - percent) <= 2, `${percent}%: ${a / 100}%`);
  }
});

Deno.test("condition: equals and contains ignore case and accents; greater and less compare numbers; exists is non-empty", () => {
  assert.ok(compare("São Paulo", "equals", "sao paulo"));
  assert.ok(compare("Quero o plano Pró", "contains", "PRO"));
  assert.ok(compare("10", "greater", "9"), "as numbers, not as text");
  assert.ok(compare("2,5", "less", "3"));
  assert.ok(!compare("", "exists", ""));
  assert.ok(compare("x", "exists", ""));
});

const say = (text: string) => ["message", { text }] as const;

Deno.test("flow branches: a condition on an answer, a contact field, a tag and the business hours takes its true or false output", async () => {
  const bot = await startBot(() => Promise.resolve({}));
  try {
    const { flowId } = await publish(
      bot,
      graph([
        ["q", "question", { message: "Quantos anos?", answerKey: "idade", answerType: "number" }],
        ["adult", "condition", { subject: "variable", key: "idade", op: "greater", value: "17" }],
        ["city", "condition", {
          subject: "field",
          key: "cidade",
          op: "equals",
          value: "Sao Paulo",
        }],
        ["vip", "condition", { subject: "tag", key: "", op: "exists", value: "VIP" }],
        ["open", "condition", { subject: "hours", key: "", op: "equals", value: "open" }],
        ["minor", ...say("menor")],
        ["sp", ...say("SP {{cidade}}")],
        ["notsp", ...say("fora de SP")],
        ["isvip", ...say("vip")],
        ["novip", ...say("sem vip")],
        ["yes", ...say("aberto")],
        ["no", ...say("fechado")],
      ], [
        ["1", null, "q"],
        ["q", "response", "adult"],
        ["adult", "true", "city"],
        ["adult", "false", "minor"],
        ["city", "true", "sp"],
        ["city", "false", "notsp"],
        ["sp", null, "vip"],
        ["notsp", null, "vip"],
        ["vip", "true", "isvip"],
        ["vip", "false", "novip"],
        ["isvip", null, "open"],
        ["novip", null, "open"],
        ["open", "true", "yes"],
        ["open", "false", "no"],
      ]),
    );
    await campaign(bot, flowId, "teste");
    const m = await bot.say("teste");
    const contactId = (await bot.ticket(m!.ticketId)).contactId;
    await bot.api(`/contacts/${contactId}`, {
      name: "Bia Souza",
      number: "5511955550001",
      extraInfo: [{ name: "cidade", value: "São Paulo" }],
    }, "PUT");
    await bot.say("30");
    assert.deepEqual((await bot.phone()).slice(1), ["SP São Paulo", "sem vip", "aberto"]);

    // Sunday: closed on the default week; a minor.
    bot.clock.set("2030-01-06T13:00:00Z");
    const other = "5511955550002";
    await bot.say("teste", other);
    await bot.say("12", other);
    assert.deepEqual((await bot.phone(other)).slice(1), ["menor"]);
    const n3 = "5511955550003";
    await bot.say("teste", n3);
    await bot.say("40", n3);
    assert.deepEqual((await bot.phone(n3)).slice(1), ["fora de SP", "sem vip", "fechado"]);
  } finally {
    await bot.stop();
  }
});

Deno.test("flow branches: the randomizer follows the source it is given: below the percent 'a', else 'b'", async () => {
  let next = 0.2;
  const bot = await startBot(() => Promise.resolve({}), { flowRandom: () => next });
  try {
    const { flowId } = await publish(
      bot,
      graph([
        ["r", "randomizer", { percent: 30 }],
        ["a", ...say("caminho A")],
        ["b", ...say("caminho B")],
      ], [["1", null, "r"], ["r", "a", "a"], ["r", "b", "b"]]),
    );
    await campaign(bot, flowId, "sorteio");
    await bot.say("sorteio");
    next = 0.7;
    await bot.say("sorteio", "5511955550002");
    assert.deepEqual(await bot.phone(), ["caminho A"]);
    assert.deepEqual(await bot.phone("5511955550002"), ["caminho B"]);
  } finally {
    await bot.stop();
  }
});

Deno.test("flow branches: image, audio recorded as a voice note and video go through the one send path with the company's files", async () => {
  const bot = await startBot(() => Promise.resolve({}));
  try {
    const media = bot.s.deps.media;
    const png = await media.save(1, {
      data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0]),
      mimetype: "image/png",
      fileName: "logo.png",
    });
    const ogg = await media.save(1, {
      data: new TextEncoder().encode("OggS\0\0\0\0audio"),
      mimetype: "audio/ogg",
      fileName: "oi.ogg",
    });
    const mp4 = await media.save(1, {
      data: new TextEncoder().encode("\0\0\0\x18ftypmp42video"),
      mimetype: "video/mp4",
      fileName: "tour.mp4",
    });
    const { flowId } = await publish(
      bot,
      graph([
        ["i", "img", { url: png.url }],
        ["a", "audio", { url: ogg.url.split("/").pop()!, record: true }],
        ["v", "video", { url: mp4.url }],
      ], [["1", null, "i"], ["i", null, "a"], ["a", null, "v"]]),
    );
    await campaign(bot, flowId, "midia");
    const m = await bot.say("mídia");
    const r = await bot.s.call(`/sandbox/${bot.whatsappId}/outbox?number=5511955550001`, {
      token: bot.token,
    });
    const records = r.body.records as { kind: string; mediaType: string }[];
    assert.deepEqual(records.map((x) => [x.kind, x.mediaType]), [
      ["media", "image/png"],
      ["voice", "audio/ogg"],
      ["media", "video/mp4"],
    ]);
    const msgs = (await bot.s.call(`/messages/${m!.ticketId}`, { token: bot.token })).body
      .messages as { mediaType: string; fromMe: boolean }[];
    assert.deepEqual(msgs.filter((x) => x.fromMe).map((x) => x.mediaType), [
      "image",
      "audio",
      "video",
    ], "stored as the ticket's messages");
    assert.equal((await lastRun(bot, m!.ticketId)).status, "done");
  } finally {
    await bot.stop();
  }
});
