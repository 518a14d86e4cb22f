import assert from "node:assert/strict";
import { text, TEXTS } from "./texts.ts";
import { renderVariables } from "../modules/messages/variables.ts";
import { previewText } from "../modules/messages/preview.ts";
import { ADMIN, sandboxConnection, startTestServer } from "../testing.ts";

Deno.test("texts: every key in pt, en and es, none empty", () => {
  const keys = Object.keys(TEXTS.pt).sort();
  for (const [lang, table] of Object.entries(TEXTS)) {
    assert.deepEqual(Object.keys(table).sort(), keys, `${lang} has other keys than pt`);
    const empty = Object.entries(table).filter(([, value]) => !value.trim()).map(([key]) => key);
    assert.deepEqual(empty, [], `${lang} has empty texts`);
  }
});

Deno.test("texts: the placeholders given are filled, the message variables stay for later", () => {
  assert.equal(
    text("en", "notices.greeting", { agent: "Rita" }),
    "*Automatic message:*\n{{ms}} *{{name}}*, my name is *Rita* and I will take over your service now!",
  );
});

Deno.test("texts: {{ms}} greets in the company's language at the company's hour", () => {
  const now = new Date("2026-11-22T13:05:09Z"); // 10:05 in São Paulo, 13:05 in Lisbon, 22:05 in Tokyo
  const greet = (lang: "pt" | "en" | "es", timeZone: string) => renderVariables("{{ms}}, {{name}}!", { contact: { name: "Ana" }, lang, timeZone, now });
  assert.equal(greet("en", "America/Sao_Paulo"), "Good morning, Ana!");
  assert.equal(greet("en", "Europe/Lisbon"), "Good afternoon, Ana!");
  assert.equal(greet("en", "Asia/Tokyo"), "Good evening, Ana!");
  assert.equal(greet("pt", "America/Sao_Paulo"), "Bom dia, Ana!");
  assert.equal(greet("es", "America/Sao_Paulo"), "Buenos días, Ana!");
});

Deno.test("texts: a ticket's preview of a message without text is labelled in the company's language", () => {
  const preview = (lang: "pt" | "en" | "es", body: string, mediaType: string, hasMedia: boolean) =>
    previewText(lang, { body, mediaType, hasMedia });
  assert.equal(preview("en", "", "locationMessage", false), "Location");
  assert.equal(preview("es", "", "image", true), "Foto");
  assert.equal(preview("pt", "", "image", true), "Foto");
  assert.equal(preview("pt", "", "x-unknown", true), "Arquivo de mídia");
  assert.equal(preview("en", "hello", "chat", false), "hello");
});

Deno.test("texts: a company switched to English greets its customers and labels its previews in English", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = (await sandboxConnection(s, token)).id;
    // The company's handle is open by now: the change must reach it.
    assert.equal((await s.call("/companies/1", { token, method: "PUT", body: { language: "en" } })).status, 200);
    await s.call("/settings/sendGreetingAccepted", { token, method: "PUT", body: { value: "enabled" } });
    const number = "5511944440000";
    const [first] = (await s.call(`/sandbox/${w}/inbound`, {
      token,
      body: { number, name: "Ana Souza", location: { latitude: -23.5, longitude: -46.6 } },
    })).body;
    const ticket = await s.call(`/tickets/${first.ticketId}`, { token });
    assert.equal(ticket.body.lastMessage, "Location");
    await s.call(`/tickets/${first.ticketId}`, { token, method: "PUT", body: { status: "open" } });
    const phone = (await s.call(`/sandbox/${w}/outbox?number=${number}`, { token })).body.records.map((r: { body: string }) => r.body);
    assert.match(phone[0], /^\*Automatic message:\*\nGood (morning|afternoon|evening) \*Ana Souza\*, my name is /);
  } finally {
    await s.stop();
  }
});
