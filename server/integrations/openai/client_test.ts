// The OpenAI-compatible client against a local server that speaks the protocol.
import assert from "node:assert/strict";
import { AiError, chat, transcribe } from "./client.ts";
import { MAX_RETRY_WAIT_MS, retryWait } from "../retry.ts";
import { answer, failure, type FakeOpenAi, startFakeOpenAi, toolCall } from "./fake_server.ts";
import { AddressPolicy, ANY_ADDRESS } from "../addresses.ts";
import { AppError } from "../../http/errors.ts";

const KEY = "sk-test-0123456789abcdefghijklmnopqrstuv";

async function withFake(fn: (f: FakeOpenAi) => Promise<void>, opts: { key?: string } = {}) {
  const fake = startFakeOpenAi(opts);
  try {
    await fn(fake);
  } finally {
    await fake.close();
  }
}

const hello = { model: "gpt-test", messages: [{ role: "user" as const, content: "Olá" }] };

async function failureOf(p: Promise<unknown>): Promise<AiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof AiError, `not an AiError: ${e}`);
    return e;
  }
  throw new Error("the call did not fail");
}

Deno.test("openai client: a normal answer gives the text and the usage, and sends the request's settings and the key", () =>
  withFake(async (fake) => {
    fake.reply(answer("Bom dia!", { prompt_tokens: 30, completion_tokens: 4 }));
    const a = await chat({ baseUrl: fake.baseUrl + "/", apiKey: KEY, addresses: ANY_ADDRESS }, {
      ...hello,
      messages: [{ role: "system", content: "Seja breve." }, { role: "user", content: "Olá" }],
      temperature: 0.7,
      topP: 0.8,
      maxTokens: 200,
    });
    assert.deepEqual(a, {
      text: "Bom dia!",
      toolCalls: [],
      refusal: null,
      finishReason: "stop",
      usage: { promptTokens: 30, completionTokens: 4, totalTokens: 34 },
    });
    const [seen] = fake.requests;
    assert.equal(seen.path, "/v1/chat/completions");
    assert.equal(seen.authorization, `Bearer ${KEY}`);
    assert.equal(seen.body.temperature, 0.7, "the temperature is a real number, not truncated");
    assert.equal(seen.body.top_p, 0.8);
    assert.equal(seen.body.max_tokens, 200);
    assert.deepEqual(seen.body.messages, [{ role: "system", content: "Seja breve." }, {
      role: "user",
      content: "Olá",
    }]);
    assert.equal("tools" in seen.body, false);
  }, { key: KEY }));

Deno.test("openai client: a server that needs no key is called without an authorization header", () =>
  withFake(async (fake) => {
    const a = await chat({ baseUrl: fake.baseUrl, apiKey: "", addresses: ANY_ADDRESS }, hello);
    assert.equal(a.text, "eco: Olá");
    assert.equal(fake.requests[0].authorization, null);
  }));

Deno.test("openai client: tool calls are offered as function tools and answered with their names and arguments", () =>
  withFake(async (fake) => {
    fake.reply(toolCall("transfer_to_queue", { queueId: 3, reason: "pediu um humano" }));
    const tool = {
      name: "transfer_to_queue",
      description: "hand over",
      parameters: { type: "object", properties: { queueId: { type: "integer" } } },
    };
    const a = await chat({ baseUrl: fake.baseUrl, apiKey: KEY, addresses: ANY_ADDRESS }, {
      ...hello,
      tools: [tool],
    });
    assert.equal(a.text, null);
    assert.equal(a.finishReason, "tool_calls");
    assert.equal(a.toolCalls.length, 1);
    assert.equal(a.toolCalls[0].name, "transfer_to_queue");
    assert.deepEqual(JSON.parse(a.toolCalls[0].arguments), {
      queueId: 3,
      reason: "pediu um humano",
    });
    assert.deepEqual(fake.requests[0].body.tools, [{ type: "function", function: tool }]);
    assert.equal(fake.requests[0].body.tool_choice, "auto");
  }));

Deno.test("openai client: JSON mode asks for a json_object answer", () =>
  withFake(async (fake) => {
    fake.reply(answer(JSON.stringify({ reply: "Oi", action: "none" })));
    const a = await chat({ baseUrl: fake.baseUrl, apiKey: KEY, addresses: ANY_ADDRESS }, {
      ...hello,
      json: true,
    });
    assert.deepEqual(JSON.parse(a.text!), { reply: "Oi", action: "none" });
    assert.deepEqual(fake.requests[0].body.response_format, { type: "json_object" });
  }));

Deno.test("openai client: a 429 with retry-after is tried again after the wait, then answers", () =>
  withFake(async (fake) => {
    fake.reply(
      failure(429, "Rate limit reached", "rate_limit_exceeded", { "retry-after": "0.2" }),
      answer("depois"),
    );
    const started = performance.now();
    const a = await chat({ baseUrl: fake.baseUrl, apiKey: KEY, addresses: ANY_ADDRESS }, hello);
    assert.equal(a.text, "depois");
    assert.equal(fake.requests.length, 2);
    assert.ok(performance.now() - started >= 150, "the retry waited for retry-after");
  }));

Deno.test("openai client: 429 insufficient_quota is not retried and is its own kind", () =>
  withFake(async (fake) => {
    fake.reply(
      failure(
        429,
        "You exceeded your current quota, please check your plan and billing details.",
        "insufficient_quota",
        { "retry-after": "0" },
      ),
    );
    const e = await failureOf(
      chat({ baseUrl: fake.baseUrl, apiKey: KEY, addresses: ANY_ADDRESS }, hello),
    );
    assert.equal(e.kind, "quota");
    assert.equal(e.status, 429);
    assert.match(e.message, /exceeded your current quota/);
    assert.equal(fake.requests.length, 1);
  }));

Deno.test("openai client: a 5xx twice then an answer succeeds on the third attempt", () =>
  withFake(async (fake) => {
    fake.reply(failure(500, "boom"), failure(503, "overloaded"), answer("enfim"));
    const a = await chat({ baseUrl: fake.baseUrl, apiKey: KEY, addresses: ANY_ADDRESS }, hello);
    assert.equal(a.text, "enfim");
    assert.equal(fake.requests.length, 3);
  }));

Deno.test("openai client: a 5xx three times gives up after two retries with the server's status and message", () =>
  withFake(async (fake) => {
    const fast = { "retry-after-ms": "1" };
    fake.reply(
      failure(502, "bad gateway", null, fast),
      failure(502, "bad gateway", null, fast),
      failure(502, "still bad", null, fast),
      answer("never"),
    );
    const e = await failureOf(
      chat({ baseUrl: fake.baseUrl, apiKey: KEY, addresses: ANY_ADDRESS }, hello),
    );
    assert.equal(e.kind, "server");
    assert.equal(e.status, 502);
    assert.equal(e.message, "still bad");
    assert.equal(fake.requests.length, 3);
  }));

Deno.test("openai client: a server slower than the timeout ends the call as a timeout, without retrying", () =>
  withFake(async (fake) => {
    fake.reply({ ...answer("tarde demais"), delayMs: 3000 });
    const e = await failureOf(
      chat({ baseUrl: fake.baseUrl, apiKey: KEY, addresses: ANY_ADDRESS, timeoutMs: 150 }, hello),
    );
    assert.equal(e.kind, "timeout");
    assert.equal(fake.requests.length, 1);
  }));

Deno.test("openai client: the caller's signal (shutdown) ends a call in flight as aborted", () =>
  withFake(async (fake) => {
    fake.reply({ ...answer("tarde demais"), delayMs: 3000 });
    const stop = new AbortController();
    const call = failureOf(
      chat(
        { baseUrl: fake.baseUrl, apiKey: KEY, addresses: ANY_ADDRESS, signal: stop.signal },
        hello,
      ),
    );
    setTimeout(() => stop.abort(), 50);
    assert.equal((await call).kind, "aborted");
  }));

Deno.test("openai client: a 401 is an auth error with the server's message and never the key, even when the server quotes it", () =>
  withFake(async (fake) => {
    const wrong = "sk-wrong-9876543210zyxwvutsrqponmlkjih";
    const e = await failureOf(
      chat({ baseUrl: fake.baseUrl, apiKey: wrong, addresses: ANY_ADDRESS }, hello),
    );
    assert.equal(e.kind, "auth");
    assert.equal(e.status, 401);
    assert.match(e.message, /Incorrect API key provided/);
    const everything = JSON.stringify({ message: e.message, stack: e.stack, code: e.code, e });
    assert.equal(everything.includes(wrong), false, everything);
    assert.equal(everything.includes(wrong.slice(3, 20)), false, everything);
  }, { key: KEY }));

Deno.test("openai client: a server that refuses max_tokens is asked again with max_completion_tokens", () =>
  withFake(async (fake) => {
    fake.reply(
      failure(
        400,
        "Unsupported parameter: 'max_tokens'; use 'max_completion_tokens' instead.",
        "unsupported_parameter",
      ),
      answer("ok"),
    );
    const a = await chat({ baseUrl: fake.baseUrl, apiKey: KEY, addresses: ANY_ADDRESS }, {
      ...hello,
      maxTokens: 50,
    });
    assert.equal(a.text, "ok");
    assert.equal(fake.requests[1].body.max_completion_tokens, 50);
    assert.equal("max_tokens" in fake.requests[1].body, false);
  }));

Deno.test("openai client: a closed port is a network error", async () => {
  const fake = startFakeOpenAi();
  const baseUrl = fake.baseUrl;
  await fake.close();
  const e = await failureOf(chat({ baseUrl, apiKey: KEY, addresses: ANY_ADDRESS }, hello));
  assert.equal(e.kind, "network");
});

Deno.test("openai client: a transcription posts the file and whisper-1 as multipart and answers the text", () =>
  withFake(async (fake) => {
    const text = await transcribe({ baseUrl: fake.baseUrl, apiKey: KEY, addresses: ANY_ADDRESS }, {
      file: new Blob([new Uint8Array([1, 2, 3])], { type: "audio/ogg" }),
      fileName: "nota.ogg",
      language: "pt",
    });
    assert.equal(text, "transcrição de nota.ogg");
    const [seen] = fake.requests;
    assert.equal(seen.path, "/v1/audio/transcriptions");
    assert.deepEqual(seen.body, {
      file: { fileName: "nota.ogg", size: 3 },
      model: "whisper-1",
      language: "pt",
    });
  }));

Deno.test("openai client: retry-after is read as seconds or as an HTTP date, and capped", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  assert.equal(retryWait(new Headers({ "retry-after": "2" }), 0, now), 2000);
  assert.equal(
    retryWait(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }), 0, now),
    3000,
  );
  assert.equal(retryWait(new Headers({ "retry-after": "3600" }), 0, now), MAX_RETRY_WAIT_MS);
  assert.equal(retryWait(new Headers({ "retry-after-ms": "40", "retry-after": "9" }), 0, now), 40);
  const backoff = retryWait(new Headers(), 1, now);
  assert.ok(backoff > 700 && backoff <= 1000, String(backoff));
});

Deno.test("openai client: an installation that denies private addresses refuses a local server before sending anything", () =>
  withFake(async (fake) => {
    fake.reply(answer("não deveria"));
    const deny = new AddressPolicy("deny");
    const e = await chat({ baseUrl: fake.baseUrl, apiKey: KEY, addresses: deny }, hello)
      .then(() => null, (err) => err);
    assert.ok(e instanceof AppError);
    assert.deepEqual([e.code, e.extra], ["ERR_ADDRESS_NOT_ALLOWED", { field: "baseUrl" }]);
    assert.equal(fake.requests.length, 0);
  }, { key: KEY }));
