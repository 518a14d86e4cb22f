import assert from "node:assert/strict";
import { DialogflowClient } from "./client.ts";
import { startFakeGoogle } from "./fake_google.ts";
import { AppError } from "../../errors/app-error.ts";

const agentOf = (jsonContent: string, projectName = "test-project") => ({
  projectName,
  jsonContent,
  language: "pt-BR",
});

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err;
  }
  assert.fail("expected a refusal");
}

Deno.test("detectIntent answers the fulfillment messages, the intent and whether the agent ended the conversation", async () => {
  const google = startFakeGoogle();
  try {
    const account = await google.account();
    const client = new DialogflowClient({ apiUrl: google.apiUrl });
    const hello = await client.detectIntent(agentOf(account.json), "5511999990001", "Olá");
    assert.deepEqual(hello.messages, ["Olá! Você disse: Olá", "Como posso ajudar?"]);
    assert.equal(hello.intent?.displayName, "Saudação");
    assert.equal(hello.ended, false);
    assert.deepEqual(google.detectCalls[0], {
      project: "test-project",
      session: "5511999990001",
      text: "Olá",
      languageCode: "pt-BR",
    });
    const bye = await client.detectIntent(agentOf(account.json), "5511999990001", "tchau");
    assert.deepEqual(bye.messages, ["Até logo!"]);
    assert.equal(bye.ended, true);
  } finally {
    await google.close();
  }
});

Deno.test("a token is reused until it expires, and a changed credential never reuses another's token", async () => {
  const google = startFakeGoogle();
  try {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const client = new DialogflowClient({ apiUrl: google.apiUrl, now: () => now });
    const first = await google.account("first");
    await Promise.all([
      client.detectIntent(agentOf(first.json), "a", "Olá"),
      client.detectIntent(agentOf(first.json), "b", "Olá"),
    ]);
    await client.detectIntent(agentOf(first.json), "c", "Olá");
    assert.equal(
      google.tokensIssued(),
      1,
      "one token for one credential, concurrent callers included",
    );

    const second = await google.account("second");
    await client.detectIntent(agentOf(second.json), "a", "Olá");
    assert.equal(google.tokensIssued(), 2, "an edited key asks for its own token");

    now += 3600_000;
    await client.detectIntent(agentOf(first.json), "a", "Olá");
    assert.equal(google.tokensIssued(), 3, "an expired token is renewed");
  } finally {
    await google.close();
  }
});

Deno.test("credentials that are not a service account's key are refused without echoing them", async () => {
  const client = new DialogflowClient({ apiUrl: "http://127.0.0.1:9" });
  const notJson = await refusal(
    client.detectIntent(agentOf("{private_key: oops-secret"), "s", "Olá"),
  );
  assert.equal(notJson.code, "ERR_DIALOGFLOW_CREDENTIALS");
  assert.ok(!notJson.message.includes("oops-secret"));
  const noKey = await refusal(
    client.detectIntent(
      agentOf(
        JSON.stringify({
          client_email: "a@b.c",
          private_key: "-----BEGIN PRIVATE KEY-----\nc2VjcmV0LWtleQ==\n-----END PRIVATE KEY-----",
        }),
      ),
      "s",
      "Olá",
    ),
  );
  assert.equal(noKey.code, "ERR_DIALOGFLOW_CREDENTIALS");
  assert.ok(!JSON.stringify(noKey.toBody()).includes("c2VjcmV0LWtleQ"));
});

Deno.test("a key the token endpoint does not trust is refused with the remote status and never the key", async () => {
  const google = startFakeGoogle();
  try {
    const known = await google.account();
    const impostor = await google.account("impostor");
    // The impostor's private key signing for the known account: the signature does not verify.
    const forged = JSON.stringify({
      ...JSON.parse(known.json),
      private_key: impostor.privateKeyPem,
    });
    const client = new DialogflowClient({ apiUrl: google.apiUrl });
    const err = await refusal(client.detectIntent(agentOf(forged), "s", "Olá"));
    assert.equal(err.code, "ERR_DIALOGFLOW_TOKEN_REFUSED");
    assert.equal(err.extra.status, 400);
    assert.match(err.message, /Invalid JWT Signature/);
    const body = JSON.stringify(err.toBody());
    assert.ok(!body.includes(impostor.privateKeyPem.split("\n")[1]));
    assert.equal(google.detectCalls.length, 0);
  } finally {
    await google.close();
  }
});

Deno.test("a detectIntent refusal carries Dialogflow's status and reason", async () => {
  const google = startFakeGoogle();
  try {
    const account = await google.account();
    const client = new DialogflowClient({ apiUrl: google.apiUrl });
    const err = await refusal(client.detectIntent(agentOf(account.json, "forbidden"), "s", "Olá"));
    assert.equal(err.code, "ERR_DIALOGFLOW_REFUSED");
    assert.equal(err.extra.status, 403);
    assert.match(err.message, /has not been used in project forbidden/);
  } finally {
    await google.close();
  }
});

Deno.test("a Dialogflow that never answers times out with ERR_DIALOGFLOW_UNREACHABLE", async () => {
  const google = startFakeGoogle();
  const silent = Promise.withResolvers<void>();
  const stalled = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async () => {
    await silent.promise;
    return new Response("late");
  });
  try {
    const account = await google.account();
    const client = new DialogflowClient({
      apiUrl: `http://127.0.0.1:${stalled.addr.port}`,
      timeoutMs: 200,
    });
    const err = await refusal(client.detectIntent(agentOf(account.json), "s", "Olá"));
    assert.equal(err.code, "ERR_DIALOGFLOW_UNREACHABLE");
    assert.equal(err.status, 504);
  } finally {
    silent.resolve();
    await stalled.shutdown();
    await google.close();
  }
});
