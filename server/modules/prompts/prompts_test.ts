// /prompt: the AI agents' calls, their defaults and validations, the sealed keys, the test
// button against a local OpenAI-compatible server, deletion while in use, isolation and roles.
import assert from "node:assert/strict";
import {
  ADMIN,
  listen,
  loggedLines,
  newCompany,
  startTestServer,
  type TestServer,
} from "../../testing.ts";
import {
  answer,
  failure,
  type FakeOpenAi,
  startFakeOpenAi,
} from "../../integrations/openai/fake_server.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

const KEY = "sk-proj-AbCdEf0123456789SECRETvalue4321";
const PROMPT_TEXT =
  "Você é a assistente da Loja Exemplo. Responda com educação, em português, em poucas frases.";

async function withServer(
  fn: (s: TestServer, token: string, queueId: number, fake: FakeOpenAi) => Promise<void>,
  env?: Record<string, string>,
) {
  const s = await startTestServer(env ? { env } : {});
  const fake = startFakeOpenAi({ key: KEY });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const q = await s.call("/queue", { token, body: { name: "Vendas", color: "#123456" } });
    assert.equal(q.status, 201, JSON.stringify(q.body));
    await fn(s, token, q.body.id, fake);
  } finally {
    await fake.close();
    await s.stop();
  }
}

const agent = (queueId: number, extra: Record<string, unknown> = {}) => ({
  name: "Assistente",
  prompt: PROMPT_TEXT,
  apiKey: KEY,
  queueId,
  ...extra,
});

Deno.test("prompts: created with the spec's defaults, listed as { prompts }, read, updated and deleted with its message, live, trailing slashes too", () =>
  withServer(async (s, token, queueId) => {
    const live = listen(s, 1);
    const created = await s.call("/prompt/", { token, body: agent(queueId) });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const p = created.body;
    assert.deepEqual(
      [p.model, p.temperature, p.maxTokens, p.topP, p.maxMessages, p.baseUrl, p.queueId],
      ["gpt-3.5-turbo-1106", 0.6, 200, 0.8, 10, null, queueId],
    );
    assert.deepEqual([p.promptTokens, p.completionTokens, p.totalTokens], [0, 0, 0]);
    assert.equal(p.apiKey, `••••••••${KEY.slice(-4)}`);

    const list = await s.call("/prompt", { token });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.prompts.map((x: { id: number }) => x.id), [p.id]);
    assert.equal((await s.call(`/prompt/${p.id}/`, { token })).body.name, "Assistente");

    // The values the original client sends: numbers as text, "" for none.
    const put = await s.call(`/prompt/${p.id}`, {
      token,
      method: "PUT",
      body: {
        ...agent(queueId),
        apiKey: p.apiKey,
        temperature: "0.7",
        maxTokens: "150",
        baseUrl: "",
        voice: "texto",
        voiceKey: "",
        voiceRegion: "",
        assistantId: null,
      },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.temperature, 0.7, "a real temperature, not truncated to an integer");
    assert.equal(put.body.maxTokens, 150);
    assert.equal(put.body.voice, "", 'the original\'s "texto" (answer in text) is no voice');
    assert.equal(put.body.apiKey, p.apiKey, "the masked key sent back keeps the stored one");

    const del = await s.call(`/prompt/${p.id}`, { token, method: "DELETE" });
    assert.deepEqual([del.status, del.body], [200, { message: "Prompt deleted" }]);
    assert.equal((await s.call(`/prompt/${p.id}`, { token })).body.error, "ERR_NO_PROMPT_FOUND");

    const events = live.events.filter((e) => e.event === companyEvent(1, "prompt")).map((e) =>
      e.data
    );
    assert.deepEqual(events.map((e) => e.action), ["create", "update", "delete"]);
    assert.equal(events[0].prompt.id, p.id);
    assert.deepEqual(events[2], { action: "delete", promptId: p.id });
    live.stop();
  }));

Deno.test("prompts: the spec's validations (name 5-100, prompt 50+, temperature 0..1 in tenths, required model, tokens, queue, messages and key)", () =>
  withServer(async (s, token, queueId) => {
    const field = async (body: Record<string, unknown>) => {
      const r = await s.call("/prompt", { token, body });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      return r.body.field;
    };
    assert.equal(await field(agent(queueId, { name: "Ana" })), "name");
    assert.equal(await field(agent(queueId, { name: "x".repeat(101) })), "name");
    assert.equal(await field(agent(queueId, { prompt: "curto demais" })), "prompt");
    assert.equal(await field(agent(queueId, { temperature: 1.5 })), "temperature");
    assert.equal(await field(agent(queueId, { temperature: 0.65 })), "temperature");
    assert.equal(await field(agent(queueId, { model: "" })), "model");
    assert.equal(await field(agent(queueId, { maxTokens: "" })), "maxTokens");
    assert.equal(await field(agent(queueId, { maxMessages: null })), "maxMessages");
    assert.equal(await field(agent(queueId, { voiceRegion: "evil.example/x?" })), "voiceRegion");
    assert.equal(await field(agent(queueId, { queueId: "" })), "queueId");
    assert.equal(await field(agent(queueId, { queueId: 999 })), "queueId");
    assert.equal(await field(agent(queueId, { apiKey: "" })), "apiKey");
    assert.equal(await field(agent(queueId, { baseUrl: "ftp://example.org" })), "baseUrl");

    // A server of one's own (Ollama) needs no key.
    const local = await s.call("/prompt", {
      token,
      body: agent(queueId, { apiKey: "", baseUrl: "http://localhost:11434/v1", model: "llama3.2" }),
    });
    assert.equal(local.status, 201, JSON.stringify(local.body));
    assert.equal(local.body.apiKey, "");
    // Without the base URL it would be OpenAI, which needs one.
    const toOpenAi = await s.call(`/prompt/${local.body.id}`, {
      token,
      method: "PUT",
      body: { baseUrl: null },
    });
    assert.equal(toOpenAi.body.field, "apiKey");
    assert.equal(
      (await s.call("/prompt", {
        token,
        body: agent(queueId, {
          apiKey: "",
          baseUrl: "http://localhost:11434/v1",
          name: "Llama local",
        }),
      })).status,
      201,
    );
    assert.equal(
      (await s.call("/prompt", { token, body: agent(queueId, { name: "Llama local" }) })).body
        .error,
      "ERR_PROMPT_NAME_EXISTS",
    );
  }));

Deno.test("prompts: keys are sealed at rest, answered masked, replaced only when typed anew, and never in an answer, event or log line", () =>
  withServer(async (s, token, queueId, fake) => {
    const voiceKey = "azure-voice-key-0123456789abcdef";
    const live = listen(s, 1);
    const lines = await loggedLines(async () => {
      const p = (await s.call("/prompt", {
        token,
        body: agent(queueId, {
          baseUrl: fake.baseUrl,
          voice: "pt-BR-FranciscaNeural",
          voiceKey,
          voiceRegion: "brazilsouth",
        }),
      })).body;
      const answers = [
        p,
        (await s.call("/prompt", { token })).body,
        (await s.call(`/prompt/${p.id}`, { token })).body,
        (await s.call(`/prompt/${p.id}`, {
          token,
          method: "PUT",
          body: { ...p, name: "Assistente 2" },
        })).body,
        (await s.call("/prompt/test", {
          token,
          body: { id: p.id, apiKey: p.apiKey, baseUrl: fake.baseUrl },
        })).body,
        // A wrong key typed: the server's 401 quotes it; the answer must not.
        (await s.call("/prompt/test", {
          token,
          body: { id: p.id, apiKey: "sk-wrong-key-ZYXWVUTSRQ987654321", baseUrl: fake.baseUrl },
        })).body,
      ];
      const text = JSON.stringify(answers);
      for (const secret of [KEY, voiceKey, "sk-wrong-key-ZYXWVUTSRQ987654321"]) {
        assert.equal(text.includes(secret), false, `an answer holds ${secret}`);
      }
      assert.equal(answers[5].error, "ERR_AI_CALL_FAILED");
      const stored = await s.deps.registry.with(
        1,
        (t) => t.client.execute("SELECT api_key, voice_key FROM prompts"),
      );
      const row = stored.rows[0] as unknown as { api_key: string; voice_key: string };
      assert.match(row.api_key, /^v1\./, "sealed at rest");
      assert.equal(String(row.api_key).includes(KEY), false);
      assert.equal(String(row.voice_key).includes(voiceKey), false);

      // Typed anew: replaced (the test then goes out with the new key).
      const replaced = await s.call(`/prompt/${p.id}`, {
        token,
        method: "PUT",
        body: { apiKey: "sk-another-key-00000000001111" },
      });
      assert.equal(replaced.body.apiKey, "••••••••1111");
    });
    const everything = JSON.stringify(live.events) + lines.join("\n");
    for (
      const secret of [
        KEY,
        voiceKey,
        "sk-wrong-key-ZYXWVUTSRQ987654321",
        "sk-another-key-00000000001111",
      ]
    ) {
      assert.equal(everything.includes(secret), false, `an event or log line holds ${secret}`);
    }
    assert.ok(live.events.some((e) => e.event === companyEvent(1, "prompt")));
    live.stop();
  }));

Deno.test("prompts: test sends one message with the form's settings and the stored key, answers {answer, usage}, and counts the tokens", () =>
  withServer(async (s, token, queueId, fake) => {
    const p = (await s.call("/prompt", {
      token,
      body: agent(queueId, { baseUrl: fake.baseUrl, model: "gpt-4o-mini" }),
    })).body;
    fake.reply(answer("Olá! Como posso ajudar?", { prompt_tokens: 40, completion_tokens: 7 }));
    const live = listen(s, 1);
    const r = await s.call("/prompt/test", {
      token,
      body: {
        id: p.id,
        apiKey: p.apiKey,
        baseUrl: fake.baseUrl,
        model: "gpt-4o-mini",
        temperature: 0.3,
        topP: 0.9,
        maxTokens: 60,
        prompt: PROMPT_TEXT,
        message: "Oi, tudo bem?",
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, {
      answer: "Olá! Como posso ajudar?",
      usage: { promptTokens: 40, completionTokens: 7, totalTokens: 47 },
    });
    const [sent] = fake.requests;
    assert.equal(sent.authorization, `Bearer ${KEY}`, "the masked field means the stored key");
    assert.deepEqual(sent.body.messages, [{ role: "system", content: PROMPT_TEXT }, {
      role: "user",
      content: "Oi, tudo bem?",
    }]);
    assert.deepEqual([
      sent.body.model,
      sent.body.temperature,
      sent.body.top_p,
      sent.body.max_tokens,
    ], ["gpt-4o-mini", 0.3, 0.9, 60]);
    const after = (await s.call(`/prompt/${p.id}`, { token })).body;
    assert.deepEqual([after.promptTokens, after.completionTokens, after.totalTokens], [40, 7, 47]);
    assert.ok(
      live.events.some((e) =>
        e.event === companyEvent(1, "prompt") && e.data.prompt?.totalTokens === 47
      ),
      "the page hears the usage",
    );
    live.stop();

    // A new agent's form (no id): its typed key; a masked key there means nothing.
    const fresh = await s.call("/prompt/test", {
      token,
      body: { apiKey: KEY, baseUrl: fake.baseUrl, prompt: PROMPT_TEXT },
    });
    assert.equal(fresh.body.answer, "eco: Olá");
    assert.equal(
      (await s.call("/prompt/test", {
        token,
        body: { apiKey: "••••••••4321", baseUrl: fake.baseUrl },
      })).body.field,
      "apiKey",
    );

    // The server's error, with its status and message.
    fake.reply(
      failure(
        429,
        "You exceeded your current quota, please check your plan and billing details.",
        "insufficient_quota",
      ),
    );
    const quota = await s.call("/prompt/test", {
      token,
      body: { id: p.id, baseUrl: fake.baseUrl },
    });
    assert.equal(quota.status, 502);
    assert.deepEqual([quota.body.error, quota.body.kind, quota.body.status, quota.body.code], [
      "ERR_AI_CALL_FAILED",
      "quota",
      429,
      "insufficient_quota",
    ]);
    assert.match(quota.body.message, /exceeded your current quota/);
    fake.reply(failure(404, "The model `gpt-9` does not exist", "model_not_found"));
    const model = await s.call("/prompt/test", { token, body: { id: p.id, model: "gpt-9" } });
    assert.deepEqual([model.body.kind, model.body.status, model.body.message], [
      "request",
      404,
      "The model `gpt-9` does not exist",
    ]);
  }));

Deno.test("prompts: an agent a connection or queue answers with is not deleted; the answer names them", () =>
  withServer(async (s, token, queueId) => {
    const p = (await s.call("/prompt", { token, body: agent(queueId) })).body;
    const conn = await s.call("/whatsapp", {
      token,
      body: { name: "Loja", provider: "sandbox", promptId: p.id },
    });
    assert.equal(conn.status, 201, JSON.stringify(conn.body));
    const other = await s.call("/queue", {
      token,
      body: { name: "Suporte", color: "#654321", promptId: p.id },
    });
    assert.equal(other.status, 201, JSON.stringify(other.body));
    const refused = await s.call(`/prompt/${p.id}`, { token, method: "DELETE" });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error, "ERR_PROMPT_IN_USE");
    assert.deepEqual(refused.body.whatsapps, [{ id: conn.body.id, name: "Loja" }]);
    assert.deepEqual(refused.body.queues, [{ id: other.body.id, name: "Suporte" }]);
    await s.call(`/whatsapp/${conn.body.id}`, { token, method: "PUT", body: { promptId: null } });
    await s.call(`/queue/${other.body.id}`, { token, method: "PUT", body: { promptId: null } });
    assert.equal((await s.call(`/prompt/${p.id}`, { token, method: "DELETE" })).status, 200);
  }));

Deno.test("prompts: the admins' only, each company its own, and gated by the plan's useOpenAi", () =>
  withServer(async (s, root, queueId) => {
    const p = (await s.call("/prompt", { token: root, body: agent(queueId) })).body;
    await s.call("/users", {
      token: root,
      body: { name: "Agente", email: "agente@example.com", password: "secret12", profile: "user" },
    });
    await s.call("/users", {
      token: root,
      body: {
        name: "Supervisora",
        email: "sup@example.com",
        password: "secret12",
        profile: "supervisor",
      },
    });
    for (const email of ["agente@example.com", "sup@example.com"]) {
      const { token } = await s.login(email, "secret12");
      assert.equal((await s.call("/prompt", { token })).status, 403, email);
      assert.equal(
        (await s.call("/prompt", { token, body: agent(queueId, { name: "Outro agente" }) })).status,
        403,
        email,
      );
      assert.equal(
        (await s.call("/prompt/test", { token, body: { id: p.id } })).status,
        403,
        email,
      );
    }

    const other = await newCompany(s, root, "Outra Loja");
    const { token } = await s.login(other.email, other.password);
    assert.deepEqual((await s.call("/prompt", { token })).body.prompts, []);
    assert.equal((await s.call(`/prompt/${p.id}`, { token })).status, 404);
    assert.equal(
      (await s.call(`/prompt/${p.id}`, { token, method: "PUT", body: { name: "Roubado" } })).status,
      404,
    );
    assert.equal((await s.call(`/prompt/${p.id}`, { token, method: "DELETE" })).status, 404);
    assert.equal((await s.call("/prompt/test", { token, body: { id: p.id } })).status, 404);
    assert.equal(
      (await s.call("/prompt", { token, body: agent(queueId, { name: "Fila alheia" }) })).body
        .field,
      "queueId",
      "another company's queue",
    );

    const plan = await s.call("/plans", {
      token: root,
      body: { name: "Sem IA", useOpenAi: false },
    });
    const without = await newCompany(s, root, "Sem IA Ltda", { planId: plan.body.id });
    const noAi = (await s.login(without.email, without.password)).token;
    const refused = await s.call("/prompt", { token: noAi });
    assert.deepEqual([refused.status, refused.body.error], [403, "ERR_PLAN_FEATURE_DISABLED"]);
  }));

Deno.test("prompts: a key the server can no longer open (SECRETS_KEY changed) is listed as set, and a test asks for it again", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-prompts-" });
  try {
    let s = await startTestServer({ dataDir });
    let token = (await s.login(ADMIN.email, ADMIN.password)).token;
    const q = await s.call("/queue", { token, body: { name: "Vendas", color: "#123456" } });
    const p = (await s.call("/prompt", { token, body: agent(q.body.id) })).body;
    await s.stop();

    const otherKey = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    s = await startTestServer({ dataDir, env: { SECRETS_KEY: otherKey } });
    try {
      token = (await s.login(ADMIN.email, ADMIN.password)).token;
      const listed = await s.call("/prompt", { token });
      assert.equal(listed.status, 200);
      assert.equal(listed.body.prompts[0].apiKey, "••••••••");
      const test = await s.call("/prompt/test", { token, body: { id: p.id } });
      assert.deepEqual([test.status, test.body.error, test.body.field], [
        409,
        "ERR_SECRET_UNREADABLE",
        "prompt.apiKey",
      ]);
      // Typed again, it works again.
      const fixed = await s.call(`/prompt/${p.id}`, {
        token,
        method: "PUT",
        body: { apiKey: KEY },
      });
      assert.equal(fixed.body.apiKey, `••••••••${KEY.slice(-4)}`);
    } finally {
      await s.stop();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("prompts: an installation that denies private addresses refuses an agent on a local server, on save and on test, before calling it", () =>
  withServer(async (s, token, queueId, fake) => {
    const saved = await s.call("/prompt", {
      token,
      body: agent(queueId, { apiKey: "", baseUrl: `${fake.baseUrl}` }),
    });
    assert.deepEqual([saved.status, saved.body.error, saved.body.field], [
      400,
      "ERR_ADDRESS_NOT_ALLOWED",
      "baseUrl",
    ]);
    const tested = await s.call("/prompt/test", {
      token,
      body: { prompt: PROMPT_TEXT, apiKey: KEY, baseUrl: fake.baseUrl },
    });
    assert.deepEqual([tested.status, tested.body.error], [400, "ERR_ADDRESS_NOT_ALLOWED"]);
    assert.equal(fake.requests.length, 0);
    assert.equal((await s.call("/prompt", { token })).body.prompts.length, 0);
  }, { OUTBOUND_PRIVATE_ADDRESSES: "deny" }));
