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
