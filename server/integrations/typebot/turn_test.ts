import assert from "node:assert/strict";
import { continueChat, type RichNode, startChat, type TypebotAnswer } from "./client.ts";
import { BOT, IMAGE_PATH, startFakeTypebot } from "./fake_typebot.ts";
import {
  markdownToWhatsApp,
  matchChoice,
  MAX_WAIT_MS,
  readTurn,
  richToWhatsApp,
  TYPEBOT_RETRY_MESSAGE,
} from "./turn.ts";
import { prefilledVariables } from "./variables.ts";
import { ANY_ADDRESS } from "../addresses.ts";

const opts = { delayMessageMs: 1000 };
const textBubble = (id: string, richText: unknown[]) => ({
  id,
  type: "text",
  content: { type: "richText", richText },
});
const p = (...children: RichNode[]): RichNode => ({ type: "p", children });
const turn = (a: Partial<TypebotAnswer>) => readTurn({ messages: [], ...a }, opts);

Deno.test("typebot turn: rich text becomes WhatsApp formatting, with spaces outside the markers", () => {
  assert.equal(
    richToWhatsApp([
      p(
        { text: "Olá " },
        { text: "Joana ", bold: true },
        { text: "veja", italic: true },
        { text: " " },
        { text: "isto", bold: true, italic: true, strikethrough: true },
        { text: " e " },
        { text: "aquilo", underline: true },
      ),
    ]),
    "Olá *Joana* _veja_ *_~isto~_* e aquilo",
  );
});

Deno.test("typebot turn: paragraphs are lines (an empty one a blank line), links their URL, lists numbered or dashed", () => {
  assert.equal(
    richToWhatsApp([
      p({ text: "Primeira" }),
      p({ text: "" }),
      p({ text: "Site: " }, {
        type: "a",
        url: "https://exemplo.com.br/x",
        children: [{ text: "clique", bold: true }],
      }),
      {
        type: "ol",
        children: [{ type: "li", children: [{ type: "lic", children: [{ text: "um" }] }] }, {
          type: "li",
          children: [{ type: "lic", children: [{ text: "dois" }] }],
        }],
      },
      {
        type: "ul",
        children: [{ type: "li", children: [{ type: "lic", children: [{ text: "item" }] }] }],
      },
    ]),
    "Primeira\n\nSite: https://exemplo.com.br/x\n1. um\n2. dois\n- item",
  );
});

Deno.test("typebot turn: the markdown format becomes WhatsApp formatting too", () => {
  assert.equal(
    markdownToWhatsApp("**Olá** *Joana*, ~~não~~ veja [aqui](https://e.com)\n\nFim \\#1"),
    "*Olá* _Joana_, ~não~ veja https://e.com\nFim #1",
  );
});

Deno.test("typebot turn: image, audio and video bubbles are media by URL, an embed or a YouTube video a link, a bubble without URL a note", () => {
  const t = turn({
    messages: [
      { id: "a", type: "image", content: { url: "https://c.com/a.png" } },
      { id: "b", type: "audio", content: { url: "https://c.com/b.ogg" } },
      { id: "c", type: "video", content: { url: "https://c.com/c.mp4", type: "url" } },
      { id: "d", type: "video", content: { url: "https://youtu.be/x", type: "youtube" } },
      { id: "e", type: "embed", content: { url: "https://forms.example/f" } },
      { id: "f", type: "image", content: {} },
    ],
  });
  assert.deepEqual(t.items, [
    { kind: "media", media: "image", url: "https://c.com/a.png", waitMs: 0 },
    { kind: "media", media: "audio", url: "https://c.com/b.ogg", waitMs: 0 },
    { kind: "media", media: "video", url: "https://c.com/c.mp4", waitMs: 0 },
    { kind: "text", text: "https://youtu.be/x", waitMs: 0 },
    { kind: "text", text: "https://forms.example/f", waitMs: 0 },
  ]);
  assert.deepEqual(t.notes, ["image bubble without a URL skipped"]);
  assert.equal(t.ended, true, "no input: the flow is over");
  assert.equal(t.betweenMs, 1000, "typebotDelayMessage is returned for the runtime");
});

Deno.test("typebot turn: a choice input is a numbered list after the bubbles, and its number or words (case and accents aside) give the choice's text", () => {
  const t = turn({
    messages: [textBubble("q", [p({ text: "Com quem quer falar?" })])],
    input: {
      id: "i",
      type: "choice input",
      items: [{ id: "1", content: "Vendas" }, { id: "2", content: "Suporte técnico" }],
    },
  });
  assert.deepEqual(t.items.map((i) => i.kind === "text" && i.text), [
    "Com quem quer falar?",
    "1 - Vendas\n2 - Suporte técnico",
  ]);
  assert.ok(t.input);
  assert.equal(matchChoice(t.input, "2"), "Suporte técnico");
  assert.equal(matchChoice(t.input, " 1. "), "Vendas");
  assert.equal(matchChoice(t.input, "SUPORTE  tecnico"), "Suporte técnico");
  assert.equal(matchChoice(t.input, "3"), null);
  assert.equal(matchChoice(t.input, "outra coisa"), null);
  const years = turn({
    input: {
      id: "i",
      type: "choice input",
      items: [{ id: "1", content: "2" }, { id: "2", content: "1" }],
    },
  });
  assert.equal(
    matchChoice(years.input!, "1"),
    "1",
    "a choice written as a number is taken as written",
  );
  assert.equal(t.ended, false);
});

Deno.test("typebot turn: a multiple choice takes several numbers; a picture choice its titles", () => {
  const multi = turn({
    input: {
      id: "i",
      type: "choice input",
      items: [{ id: "1", content: "Pizza" }, { id: "2", content: "Suco" }, {
        id: "3",
        content: "Água",
      }],
      options: { isMultipleChoice: true },
    },
  });
  assert.equal(matchChoice(multi.input!, "1, 3"), "Pizza, Água");
  assert.equal(matchChoice(multi.input!, "pizza e agua"), "Pizza, Água");
  assert.equal(matchChoice(multi.input!, "1, 9"), null);
  const pictures = turn({
    input: {
      id: "i",
      type: "picture choice input",
      items: [{ id: "1", pictureSrc: "x", title: "Azul" }],
    },
  });
  assert.deepEqual(pictures.items.map((i) => i.kind === "text" && i.text), ["1 - Azul"]);
  assert.equal(matchChoice(pictures.input!, "1"), "Azul");
});

Deno.test("typebot turn: another input sends its placeholder when it has one, or nothing", () => {
  const withPlaceholder = turn({
    input: { id: "i", type: "email input", options: { labels: { placeholder: "Seu e-mail" } } },
  });
  assert.deepEqual(withPlaceholder.items, [{ kind: "text", text: "Seu e-mail", waitMs: 0 }]);
  assert.deepEqual(withPlaceholder.input, { kind: "other", type: "email input" });
  assert.equal(matchChoice(withPlaceholder.input!, "1"), null);
  assert.deepEqual(turn({ input: { id: "i", type: "text input" } }).items, []);
});

Deno.test("typebot turn: a wait is a delay before the next item, capped; one without a bubble comes first; a pausing one asks to re-request; other actions are noted", () => {
  const t = turn({
    messages: [
      textBubble("a", [p({ text: "um" })]),
      textBubble("b", [p({ text: "dois" })]),
      textBubble("c", [p({ text: "três" })]),
    ],
    clientSideActions: [
      { type: "wait", wait: { secondsToWaitFor: 1 } },
      { type: "wait", wait: { secondsToWaitFor: 3 }, lastBubbleBlockId: "a" },
      { type: "wait", wait: { secondsToWaitFor: 600 }, lastBubbleBlockId: "b" },
      { type: "setVariable", setVariable: {} },
    ],
  });
  assert.deepEqual(t.items.map((i) => i.waitMs), [1000, 3000, MAX_WAIT_MS]);
  assert.deepEqual(t.notes, ['client-side action "setVariable" ignored']);
  assert.equal(t.continueAfterWait, false);

  const pause = turn({
    messages: [textBubble("a", [p({ text: "Aguarde…" })])],
    clientSideActions: [
      {
        type: "wait",
        wait: { secondsToWaitFor: 2 },
        lastBubbleBlockId: "a",
        expectsDedicatedReply: true,
      },
    ],
  });
  assert.equal(pause.waitAfterMs, 2000);
  assert.equal(pause.continueAfterWait, true);
  assert.equal(pause.ended, false, "a paused flow is not over");
});

Deno.test("typebot turn: a handover bubble is not sent but returned as a command, and nothing of the bot follows it", () => {
  const t = turn({
    messages: [
      textBubble("a", [p({ text: "Vou te transferir." })]),
      textBubble("b", [p({ text: '#{"queueId":4,"userId":9}' })]),
      textBubble("c", [p({ text: "depois" })]),
    ],
    input: { id: "i", type: "text input" },
  });
  assert.deepEqual(t.handover, { queueId: 4, userId: 9 });
  assert.deepEqual(t.items, [{ kind: "text", text: "Vou te transferir.", waitMs: 0 }]);
  assert.equal(t.input, null);

  const bold = turn({
    messages: [textBubble("a", [p({ text: '#{"stopBot":true}', bold: true })])],
  });
  assert.deepEqual(
    bold.handover,
    { queueId: null, userId: null },
    "formatting does not hide a command",
  );
  assert.deepEqual(bold.items, []);

  const around = turn({
    messages: [
      textBubble("a", [p({ text: 'Um momento. #{"queueId":2}' })]),
      textBubble("b", [p({ text: "depois" })]),
    ],
  });
  assert.deepEqual(around.handover, { queueId: 2, userId: null });
  assert.deepEqual(
    around.items,
    [{ kind: "text", text: "Um momento.", waitMs: 0 }],
    "what is around a command is said",
  );
});

Deno.test("typebot turn: Typebot's default retry text becomes the integration's unknown-message text when it has one", () => {
  const answer = { messages: [textBubble("r", [p({ text: TYPEBOT_RETRY_MESSAGE })])] };
  assert.deepEqual(
    readTurn(answer, { ...opts, unknownMessage: "Não entendi, responda com o número." }).items,
    [
      { kind: "text", text: "Não entendi, responda com o número.", waitMs: 0 },
    ],
  );
  assert.deepEqual(readTurn(answer, { ...opts, unknownMessage: "" }).items, [
    { kind: "text", text: TYPEBOT_RETRY_MESSAGE, waitMs: 0 },
  ]);
});

Deno.test("typebot turn: a pausing wait from the Typebot-like server is re-requested with a null message and the flow goes on", async () => {
  const fake = startFakeTypebot();
  try {
    const server = { url: fake.url, addresses: ANY_ADDRESS };
    const { sessionId } = await startChat(server, BOT);
    const held = readTurn(await continueChat(server, sessionId, "Vendas"), opts);
    assert.deepEqual(held.items, [{ kind: "text", text: "Um momento…", waitMs: 0 }]);
    assert.equal(held.waitAfterMs, 1000);
    assert.equal(held.continueAfterWait, true);
    assert.equal(held.ended, false);
    const rest = readTurn(await continueChat(server, sessionId, null), opts);
    assert.deepEqual(rest.items.map((i) => i.kind === "text" && i.text), [
      "Um vendedor vai ajudar. Qual produto?",
      "Digite o produto",
    ]);
    assert.deepEqual(rest.input, { kind: "other", type: "text input" });
  } finally {
    await fake.close();
  }
});

Deno.test("typebot turn: a conversation with the Typebot-like server, from the greeting to the handover", async () => {
  const fake = startFakeTypebot();
  try {
    const server = { url: fake.url, addresses: ANY_ADDRESS };
    const started = await startChat(server, BOT, {
      prefilledVariables: prefilledVariables({ number: "5511", name: "Joana", customFields: [] }),
    });
    const first = readTurn(started, opts);
    assert.deepEqual(first.items, [
      { kind: "text", text: "Olá, *Joana*!", waitMs: 0 },
      {
        kind: "media",
        media: "image",
        url: fake.url + IMAGE_PATH,
        waitMs: 2000,
      },
      { kind: "text", text: "1 - Vendas\n2 - Suporte técnico", waitMs: 0 },
    ]);
    const reply = matchChoice(first.input!, "2");
    assert.equal(reply, "Suporte técnico");
    const second = readTurn(await continueChat(server, started.sessionId, reply), opts);
    assert.deepEqual(second.handover, { queueId: 2, userId: null });
    assert.deepEqual(second.items, []);
  } finally {
    await fake.close();
  }
});
