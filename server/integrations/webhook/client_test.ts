import assert from "node:assert/strict";
import { deliver, signature, type WebhookDelivery, WebhookError } from "./client.ts";
import { AddressPolicy, ANY_ADDRESS } from "../addresses.ts";
import { AppError } from "../../http/errors.ts";

const SECRET = "whsec-test-0123456789abcdef";

const delivery = (): WebhookDelivery => ({
  event: "message",
  deliveryId: crypto.randomUUID(),
  sentAt: new Date().toISOString(),
  company: { id: 1, name: "Loja" },
  connection: { id: 2, name: "Vendas", number: "5511999990000" },
  ticket: { id: 3, uuid: crypto.randomUUID(), status: "pending", queueId: null },
  contact: { id: 4, name: "Ana", number: "5521988887777", email: "", customFields: { cpf: "1" } },
  message: {
    id: 5,
    wid: "ABC",
    body: "Quero um orçamento",
    mediaType: "chat",
    mediaUrl: null,
    createdAt: "2026-11-27T03:00:00.000Z",
  },
  chatInput: "Quero um orçamento",
  sessionId: "2-5521988887777",
});

interface Seen {
  body: string;
  signature: string | null;
  deliveryId: string | null;
}

/** A receiver on 127.0.0.1 answering each delivery with the next of `answers`. */
function receiver(answers: (() => Response | Promise<Response>)[]) {
  const seen: Seen[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    seen.push({
      body: await req.text(),
      signature: req.headers.get("x-signature-256"),
      deliveryId: req.headers.get("x-delivery-id"),
    });
    const next = answers.shift();
    return next ? await next() : new Response("no more answers", { status: 500 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/webhook`,
    seen,
    close: () => server.shutdown(),
  };
}

const json = (v: unknown, status = 200) => () => Response.json(v, { status });

Deno.test("webhook: the delivery is the documented JSON, signed with HMAC-SHA256 of its exact body; n8n's [{output}] comes back as the text", async () => {
  const r = receiver([json([{ output: "Claro! Qual produto?" }])]);
  try {
    const d = delivery();
    const answer = await deliver({ url: r.url, secret: SECRET, addresses: ANY_ADDRESS }, d);
    assert.deepEqual(answer, { text: "Claro! Qual produto?", command: null });
    const [seen] = r.seen;
    assert.deepEqual(JSON.parse(seen.body), d);
    assert.equal(seen.deliveryId, d.deliveryId);
    assert.equal(seen.signature, await signature(SECRET, seen.body));
    // What a receiver computes with Node's crypto or any HMAC library.
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(SECRET),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["verify"],
    );
    const mac = Uint8Array.fromHex(seen.signature!.slice("sha256=".length));
    assert.ok(await crypto.subtle.verify("HMAC", key, mac, new TextEncoder().encode(seen.body)));
    assert.notEqual(seen.signature, await signature("another secret", seen.body));
  } finally {
    await r.close();
  }
});

Deno.test("webhook: answer, text, plain text and nothing; the original's handover command is read out of the text", async () => {
  const r = receiver([
    json({ answer: "Resposta" }),
    json({ text: "Texto" }),
    () => new Response("Só texto", { headers: { "content-type": "text/plain" } }),
    () => new Response(null, { status: 204 }),
    json({ output: 'Vou chamar alguém do financeiro. #{"queueId":3}' }),
    json({ output: '#{"stopBot":true}' }),
    () => new Response("x".repeat(300 * 1024)),
  ]);
  try {
    const target = { url: r.url, secret: SECRET, addresses: ANY_ADDRESS };
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await deliver(target, delivery()));
    assert.deepEqual(answers, [
      { text: "Resposta", command: null },
      { text: "Texto", command: null },
      { text: "Só texto", command: null },
      { text: "", command: null },
      { text: "Vou chamar alguém do financeiro.", command: { queueId: 3, userId: null } },
      { text: "", command: { queueId: null, userId: null } },
      { text: "", command: null },
    ]);
  } finally {
    await r.close();
  }
});

Deno.test("webhook: 503 and 429 are tried again with the same delivery id; a 4xx is not; after two retries the failure is the receiver's", async () => {
  const r = receiver([
    () => new Response("busy", { status: 503, headers: { "retry-after": "0" } }),
    () => new Response("slow down", { status: 429, headers: { "retry-after-ms": "10" } }),
    json({ output: "ok" }),
    () => new Response("bad", { status: 400 }),
    () => new Response("down", { status: 502, headers: { "retry-after": "0" } }),
    () => new Response("down", { status: 502, headers: { "retry-after": "0" } }),
    () => new Response("down", { status: 502, headers: { "retry-after": "0" } }),
  ]);
  try {
    const target = { url: r.url, secret: SECRET, addresses: ANY_ADDRESS };
    assert.equal((await deliver(target, delivery())).text, "ok");
    assert.equal(new Set(r.seen.map((s) => s.deliveryId)).size, 1);
    const refused = await deliver(target, delivery()).then(() => null, (e) => e);
    assert.ok(refused instanceof WebhookError);
    assert.deepEqual([refused.kind, refused.status, r.seen.length], ["refused", 400, 4]);
    const down = await deliver(target, delivery()).then(() => null, (e) => e);
    assert.deepEqual([down.kind, down.status, r.seen.length], ["server", 502, 7]);
    assert.equal(String(down.message).includes(SECRET), false);
  } finally {
    await r.close();
  }
});

Deno.test("webhook: a receiver that answers too late times out; a closed port is a network error; a denied address is never called", async () => {
  // Each answers a second late, long after the client gave up (and in time for the server to close).
  const late = () =>
    new Promise<Response>((done) => setTimeout(() => done(new Response("tarde")), 1000));
  const r = receiver([late, late, late]);
  try {
    const slow = await deliver({
      url: r.url,
      secret: SECRET,
      addresses: ANY_ADDRESS,
      timeoutMs: 100,
    }, delivery())
      .then(() => null, (e) => e);
    assert.ok(slow instanceof WebhookError);
    assert.equal(slow.kind, "timeout");
    const closed = await deliver({
      url: "http://127.0.0.1:9/x",
      secret: SECRET,
      addresses: ANY_ADDRESS,
    }, delivery())
      .then(() => null, (e) => e);
    assert.equal(closed.kind, "network");
    const before = r.seen.length;
    const denied = await deliver({
      url: r.url,
      secret: SECRET,
      addresses: new AddressPolicy("deny"),
    }, delivery())
      .then(() => null, (e) => e);
    assert.ok(denied instanceof AppError);
    assert.equal(denied.code, "ERR_ADDRESS_NOT_ALLOWED");
    assert.equal(r.seen.length, before);
  } finally {
    await r.close();
  }
});
