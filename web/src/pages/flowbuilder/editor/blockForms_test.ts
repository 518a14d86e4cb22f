import assert from "node:assert/strict";
import { cleanData, contentIssue, initialData, validateBlock } from "./blockForms.ts";

const K = "flowEditor.dialog";

Deno.test("interval: 'Adicione o valor de intervalo' when empty or 0, 'Máximo de tempo atingido 120 segundos' over 120", () => {
  assert.equal(validateBlock("interval", { sec: 0 }).sec, `${K}.intervalRequired`);
  assert.equal(validateBlock("interval", { sec: Number.NaN }).sec, `${K}.intervalRequired`);
  assert.equal(validateBlock("interval", { sec: 121 }).sec, `${K}.intervalMax`);
  assert.deepEqual(validateBlock("interval", { sec: 120 }), {});
});

Deno.test("ticket: 'Adicione uma fila' without a queue", () => {
  assert.equal(validateBlock("ticket", { queueId: null }).queueId, `${K}.queueRequired`);
  assert.deepEqual(validateBlock("ticket", { queueId: 3 }), {});
});

Deno.test("question: message and answer key required; the key is a placeholder's name", () => {
  const issues = validateBlock("question", initialData("question"));
  assert.deepEqual(Object.keys(issues).sort(), ["answerKey", "message"]);
  const bad = validateBlock("question", { message: "Nome?", answerKey: "seu nome" });
  assert.equal(bad.answerKey, `${K}.answerKeyInvalid`);
  assert.deepEqual(validateBlock("question", { message: "Nome?", answerKey: "nome_cliente" }), {});
});

Deno.test("menu: a message and at least one option, none blank; options renumbered 1..n on save", () => {
  assert.equal(validateBlock("menu", { message: "x", options: [] }).options, `${K}.optionsRequired`);
  assert.equal(validateBlock("menu", { message: "x", options: [{ number: 1, value: " " }] }).option0, "validation.required");
  const clean = cleanData("menu", { message: " Escolha ", options: [{ number: 3, value: " A " }, { number: 7, value: "B" }] });
  assert.deepEqual(clean, { message: "Escolha", options: [{ number: 1, value: "A" }, { number: 2, value: "B" }] });
});

Deno.test("content: the spec's three messages, in its order; pending files fill their cards", () => {
  assert.equal(contentIssue([{ type: "message", value: " " }]), `${K}.contentMessageEmpty`);
  assert.equal(contentIssue([{ type: "interval", value: "0" }]), `${K}.contentInterval`);
  assert.equal(contentIssue([{ type: "interval", value: "121" }]), `${K}.contentInterval`);
  assert.equal(contentIssue([{ type: "img", value: "" }]), `${K}.contentEmptyCards`);
  assert.equal(contentIssue([{ type: "img", value: "" }], new Set([0])), null);
  assert.equal(contentIssue([{ type: "message", value: "oi" }, { type: "interval", value: "5" }]), null);
});

Deno.test("condition: name and value required, except 'exists' (no value) and business hours (neither)", () => {
  assert.deepEqual(
    Object.keys(validateBlock("condition", initialData("condition"))).sort(),
    ["key", "value"],
  );
  assert.deepEqual(validateBlock("condition", { subject: "tag", key: "vip", op: "exists", value: "" }), {});
  assert.deepEqual(validateBlock("condition", { subject: "hours", key: "", op: "equals", value: "" }), {});
});

Deno.test("OpenAI block: the spec's defaults (maxTokens 100, temperature 1, maxMessages 10); name, prompt, key and queue required, each on its field", () => {
  const fresh = initialData("openai");
  assert.deepEqual([fresh.maxTokens, fresh.temperature, fresh.maxMessages], [100, 1, 10]);
  assert.equal(fresh.model, "gpt-3.5-turbo-1106");
  assert.deepEqual(validateBlock("openai", fresh), {
    name: "flows.problems.emptyName",
    prompt: "flows.problems.emptyPrompt",
    apiKey: "flows.problems.noApiKey",
    queueId: "flows.problems.noQueue",
  });
  const filled = { ...fresh, name: "Lia", prompt: "Você atende.", apiKey: "••••••••abcd", queueId: 3 };
  assert.deepEqual(validateBlock("openai", filled), {}, "a masked key counts as set");
  const own = { ...filled, apiKey: "", baseUrl: "http://127.0.0.1:11434/v1" };
  assert.deepEqual(validateBlock("openai", own), {}, "a server of one's own may need no key");
  assert.deepEqual(validateBlock("openai", { ...filled, baseUrl: "localhost", temperature: 3, maxMessages: 0 }), {
    baseUrl: "flows.problems.badUrl",
    temperature: "flows.problems.badTemperature",
    maxMessages: "flows.problems.badMaxMessages",
  });
  assert.equal(cleanData("openai", { ...filled, name: " Lia ", apiKey: " sk-1 " }).apiKey, "sk-1");
});

Deno.test("TypeBot block: delay 1000 and expiry 1 by default; URL and slug required", () => {
  const fresh = initialData("typebot");
  assert.deepEqual([fresh.typebotDelayMessage, fresh.typebotExpires], [1000, 1]);
  assert.deepEqual(validateBlock("typebot", fresh), {
    url: "flows.problems.badUrl",
    typebotSlug: "flows.problems.emptySlug",
  });
  assert.deepEqual(
    validateBlock("typebot", { ...fresh, url: "https://typebot.io", typebotSlug: "vendas" }),
    {},
  );
});
