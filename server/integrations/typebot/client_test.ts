// The Typebot client against a local Typebot-like server.
import assert from "node:assert/strict";
import { continueChat, startChat, TypebotError, type TypebotServer } from "./client.ts";
import { BOT, type FakeTypebot, RETRY_MESSAGE, startFakeTypebot } from "./fake_typebot.ts";
import { AddressPolicy, ANY_ADDRESS } from "../addresses.ts";
import { AppError } from "../../http/errors.ts";

async function withFake(fn: (f: FakeTypebot, server: TypebotServer) => Promise<void>) {
  const fake = startFakeTypebot();
  try {
    await fn(fake, { url: fake.url + "/", addresses: ANY_ADDRESS, backoffMs: 10 });
  } finally {
    await fake.close();
  }
}

async function failureOf(p: Promise<unknown>): Promise<TypebotError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof TypebotError, `not a TypebotError: ${e}`);
    return e;
  }
  throw new Error("the call did not fail");
}

Deno.test("typebot client: startChat posts the v1 route with streaming off, no placeholders, and the prefilled variables; continueChat carries the message", () =>
  withFake(async (fake, server) => {
    const started = await startChat(server, BOT, {
      prefilledVariables: { number: "5511999990000", name: "Joana" },
    });
    assert.ok(started.sessionId);
    assert.equal(started.input?.type, "choice input");
    assert.equal(started.messages.length, 2);
    assert.deepEqual(fake.calls[0], {
      path: `/api/v1/typebots/${BOT}/startChat`,
      body: {
        isStreamEnabled: false,
        isOnlyRegistering: false,
        textBubbleContentFormat: "richText",
        prefilledVariables: { number: "5511999990000", name: "Joana" },
      },
    });

    const next = await continueChat(server, started.sessionId, "Vendas");
    assert.equal(next.clientSideActions?.[0]?.expectsDedicatedReply, true);
    assert.deepEqual(fake.calls[1], {
      path: `/api/v1/sessions/${started.sessionId}/continueChat`,
      body: { message: "Vendas", textBubbleContentFormat: "richText" },
    });
    const resumed = await continueChat(server, started.sessionId, null);
    assert.equal(resumed.input?.type, "text input");
    assert.deepEqual(fake.calls[2].body, { message: null, textBubbleContentFormat: "richText" });
  }));

Deno.test("typebot client: an answer Typebot rejects as invalid is an ordinary turn (its retry text and the same input)", () =>
  withFake(async (_fake, server) => {
    const { sessionId } = await startChat(server, BOT);
    const again = await continueChat(server, sessionId, "não sei");
    assert.deepEqual(again.messages[0].content.richText, [{
      type: "p",
      children: [{ text: RETRY_MESSAGE }],
    }]);
    assert.equal(again.input?.type, "choice input");
  }));

Deno.test("typebot client: an expired or unknown session is its own error kind with Typebot's status, so the runtime can start again", () =>
  withFake(async (fake, server) => {
    const { sessionId } = await startChat(server, BOT);
    fake.expire(sessionId);
    const expired = await failureOf(continueChat(server, sessionId, "Vendas"));
    assert.equal(expired.kind, "sessionNotFound");
    assert.equal(expired.status, 404);
    assert.match(expired.message, /404.*Session expired/);

    const unknown = await failureOf(continueChat(server, "nope", "oi"));
    assert.equal(unknown.kind, "sessionNotFound");
    assert.equal(fake.calls.length, 3, "a 404 is not tried again");
  }));

Deno.test("typebot client: an unknown bot is a request error, not a session one, and is not retried", () =>
  withFake(async (fake, server) => {
    const e = await failureOf(startChat(server, "no-such-bot"));
    assert.equal(e.kind, "request");
    assert.equal(e.status, 404);
    assert.equal(fake.calls.length, 1);
  }));

Deno.test("typebot client: no 4xx is retried", () =>
  withFake(async (fake, server) => {
    fake.fail(400, 3);
    const e = await failureOf(startChat(server, BOT));
    assert.equal(e.kind, "request");
    assert.equal(e.status, 400);
    assert.equal(fake.calls.length, 1);
  }));

Deno.test("typebot client: 5xx and 429 are tried again, at most twice, and then reported with the status", () =>
  withFake(async (fake, server) => {
    fake.fail(502, 2);
    const ok = await startChat(server, BOT);
    assert.ok(ok.sessionId, "the third attempt answers");
    assert.equal(fake.calls.length, 3);

    fake.fail(429, 3);
    const limited = await failureOf(continueChat(server, ok.sessionId, "Vendas"));
    assert.equal(limited.kind, "rateLimit");
    assert.equal(limited.status, 429);
    assert.equal(fake.calls.length, 6, "one call and two retries");

    fake.fail(500, 3);
    const down = await failureOf(continueChat(server, ok.sessionId, "Vendas"));
    assert.equal(down.kind, "server");
    assert.match(down.message, /status 500/);
  }));

Deno.test("typebot client: a slow Typebot ends in a timeout error, not a hang", () =>
  withFake(async (fake, server) => {
    fake.slow(2_000);
    const e = await failureOf(startChat({ ...server, timeoutMs: 200 }, BOT));
    assert.equal(e.kind, "timeout");
    assert.equal(fake.calls.length, 1, "a timeout is not retried");
  }));

Deno.test("typebot client: a cancelled call ends as aborted", () =>
  withFake(async (fake, server) => {
    fake.slow(2_000);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    const e = await failureOf(startChat({ ...server, signal: stop.signal }, BOT));
    assert.equal(e.kind, "aborted");
  }));

Deno.test("typebot client: an unreachable Typebot is a network error whose message does not carry the URL's credentials", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const e = await failureOf(
    startChat({ url: `http://user:s3cret-pass@127.0.0.1:${port}`, addresses: ANY_ADDRESS }, BOT),
  );
  assert.equal(e.kind, "network");
  assert.ok(!e.message.includes("s3cret-pass"));
});

Deno.test("typebot client: a 2xx that is not the chat API's answer is a badAnswer", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(JSON.stringify({ hello: "world" }), { status: 200 }),
  );
  try {
    const e = await failureOf(
      startChat({ url: `http://127.0.0.1:${server.addr.port}`, addresses: ANY_ADDRESS }, BOT),
    );
    assert.equal(e.kind, "badAnswer");
  } finally {
    await server.shutdown();
  }
});

Deno.test("typebot client: the address policy is asked before the call and a refused address never reaches Typebot", () =>
  withFake(async (fake, server) => {
    const deny = new AddressPolicy("deny", () => Promise.resolve([]));
    const e = await startChat({ ...server, addresses: deny }, BOT).then(() => null, (e) => e);
    assert.ok(e instanceof AppError);
    assert.equal(e.code, "ERR_ADDRESS_NOT_ALLOWED");
    assert.equal(fake.calls.length, 0);
  }));

Deno.test("typebot client: under a deny policy a redirect is not followed", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(null, { status: 307, headers: { location: "http://10.0.0.1/x" } }),
  );
  // A policy that denies redirects but lets the test's loopback through its address check.
  const policy = new AddressPolicy("deny");
  policy.check = () => Promise.resolve();
  try {
    const e = await failureOf(
      startChat({ url: `http://127.0.0.1:${server.addr.port}`, addresses: policy }, BOT),
    );
    assert.equal(e.kind, "network");
  } finally {
    await server.shutdown();
  }
});
