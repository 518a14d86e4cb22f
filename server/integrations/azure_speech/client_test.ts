// The Azure Speech client against a local server that speaks its text-to-speech protocol.
import assert from "node:assert/strict";
import { AddressPolicy, ANY_ADDRESS } from "../addresses.ts";
import { AppError } from "../../http/errors.ts";
import { fakeRecording, startFakeSpeech } from "./fake_server.ts";
import { OUTPUT_FORMAT, speechEndpoint, SpeechError, ssml, synthesize } from "./client.ts";

const KEY = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
const VOICE = "pt-BR-FranciscaNeural";

async function withFake(fn: (f: ReturnType<typeof startFakeSpeech>) => Promise<void>) {
  const fake = startFakeSpeech({ key: KEY });
  try {
    await fn(fake);
  } finally {
    await fake.close();
  }
}

const server = (baseUrl: string, over: Partial<Parameters<typeof synthesize>[0]> = {}) => ({
  region: "brazilsouth",
  key: KEY,
  baseUrl,
  addresses: ANY_ADDRESS,
  ...over,
});

async function failure(p: Promise<unknown>): Promise<SpeechError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof SpeechError) return e;
    throw e;
  }
  throw new Error("expected a SpeechError");
}

Deno.test("azure speech: the text goes as SSML naming the voice, with the key, the ogg/opus format, to the region; the recording comes back", () =>
  withFake(async (fake) => {
    const text = `Olá, Ana! O frete para "Rio & Niterói" custa <R$ 20>.`;
    const audio = await synthesize(server(fake.baseUrl), { voice: VOICE, text });
    assert.deepEqual(audio, fakeRecording(text));
    const [seen] = fake.requests;
    assert.deepEqual(
      [seen.region, seen.key, seen.contentType, seen.format, seen.voice, seen.text],
      ["brazilsouth", KEY, "application/ssml+xml", OUTPUT_FORMAT, VOICE, text],
    );
    assert.match(seen.ssml, /xml:lang="pt-BR"/);
    assert.ok(!seen.ssml.includes("<R$"), "the text is escaped");
  }));

Deno.test("azure speech: the default address is the region's own host, and a region that is not one is refused before any call", () => {
  assert.equal(
    speechEndpoint("BrazilSouth"),
    "https://brazilsouth.tts.speech.microsoft.com/cognitiveservices/v1",
  );
  for (const bad of ["evil.com/x", "a", "east us", "127.0.0.1:80@x"]) {
    assert.throws(
      () => speechEndpoint(bad),
      (e) => e instanceof SpeechError && e.kind === "request",
    );
  }
  assert.match(ssml("voz-sem-idioma", "oi"), /xml:lang="en-US"/);
});

Deno.test("azure speech: a wrong key is an auth error whose message does not hold the key", () =>
  withFake(async (fake) => {
    fake.reply({ status: 401, body: `key ${KEY}x is not valid` });
    const e = await failure(synthesize(server(fake.baseUrl), { voice: VOICE, text: "oi" }));
    assert.equal(e.kind, "auth");
    assert.equal(e.status, 401);
    assert.ok(!e.message.includes(KEY), e.message);
    const other = await failure(
      synthesize(server(fake.baseUrl, { key: "wrong" }), { voice: VOICE, text: "oi" }),
    );
    assert.equal(other.kind, "auth");
  }));

Deno.test("azure speech: 429 and 5xx are tried again after retry-after, at most twice; 400 is not", () =>
  withFake(async (fake) => {
    fake.reply({ status: 429, headers: { "retry-after": "0" } }, {
      status: 503,
      headers: { "retry-after": "0" },
    });
    await synthesize(server(fake.baseUrl), { voice: VOICE, text: "oi" });
    assert.equal(fake.requests.length, 3);

    fake.reply(
      { status: 500, headers: { "retry-after": "0" } },
      { status: 500, headers: { "retry-after": "0" } },
      { status: 500, headers: { "retry-after": "0" } },
    );
    assert.equal(
      (await failure(synthesize(server(fake.baseUrl), { voice: VOICE, text: "oi" }))).kind,
      "server",
    );
    assert.equal(fake.requests.length, 6);

    fake.reply({ status: 400, body: "voice not found" });
    const e = await failure(
      synthesize(server(fake.baseUrl), { voice: "xx-XX-Nobody", text: "oi" }),
    );
    assert.deepEqual([e.kind, e.message], ["request", "voice not found"]);
    assert.equal(fake.requests.length, 7);
  }));

Deno.test("azure speech: a slow service times out, and a recording past the cap is not read", () =>
  withFake(async (fake) => {
    fake.reply({ status: 200, delayMs: 2_000 });
    const slow = await failure(
      synthesize(server(fake.baseUrl, { timeoutMs: 100 }), { voice: VOICE, text: "oi" }),
    );
    assert.equal(slow.kind, "timeout");

    fake.reply({ status: 200, body: "x".repeat(17 * 1024 * 1024) });
    const big = await failure(synthesize(server(fake.baseUrl), { voice: VOICE, text: "oi" }));
    assert.equal(big.kind, "badAnswer");
  }));

Deno.test("azure speech: the installation's address rule applies to the service's address", () =>
  withFake(async (fake) => {
    await assert.rejects(
      synthesize(server(fake.baseUrl, { addresses: new AddressPolicy("deny") }), {
        voice: VOICE,
        text: "oi",
      }),
      (e) => e instanceof AppError && e.code === "ERR_ADDRESS_NOT_ALLOWED",
    );
    assert.equal(fake.requests.length, 0);
  }));
