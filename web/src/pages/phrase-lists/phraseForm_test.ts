import assert from "node:assert/strict";
import { phraseValues, searchPhrases, toPhraseInput, validatePhrase } from "./phraseForm.ts";

Deno.test("flow campaign: name, flow, connection and phrase are required", () => {
  const issues = validatePhrase(phraseValues(null));
  assert.deepEqual(Object.keys(issues).sort(), ["flowId", "name", "phrase", "whatsappId"]);
  const filled = {
    ...phraseValues(null),
    name: "Promo",
    flowId: "3",
    whatsappId: "1",
    phrase: "quero",
  };
  assert.deepEqual(validatePhrase(filled), {});
});

Deno.test("flow campaign: a regex phrase must compile; other operators take any text", () => {
  const base = {
    ...phraseValues(null),
    name: "P",
    flowId: "3",
    whatsappId: "1",
    phrase: "pedido (",
  };
  assert.equal(
    validatePhrase({ ...base, match: "regex" }).phrase?.key,
    "flows.phrases.dialog.invalidRegex",
  );
  assert.deepEqual(validatePhrase({ ...base, match: "contains" }), {});
});

Deno.test("flow campaign: the body carries numbers, the trimmed phrase and equals by default", () => {
  const input = toPhraseInput({
    ...phraseValues(null),
    name: " P ",
    flowId: "3",
    whatsappId: "1",
    phrase: " oi ",
  });
  assert.deepEqual(input, {
    name: "P",
    flowId: 3,
    whatsappId: 1,
    phrase: "oi",
    match: "equals",
    status: true,
  });
});

Deno.test("flow campaign search ignores case and accents, by name or phrase", () => {
  const rows = [
    { id: 1, name: "Promoção", flowId: 1, whatsappId: 1, phrase: "quero", status: true },
    { id: 2, name: "Suporte", flowId: 1, whatsappId: 1, phrase: "ajuda", status: true },
  ];
  assert.deepEqual(searchPhrases(rows, "PROMOCAO").map((r) => r.id), [1]);
  assert.deepEqual(searchPhrases(rows, "ajud").map((r) => r.id), [2]);
});

Deno.test("a flow campaign's live event is read only with a whole record, or a deletion's id", async () => {
  const { readPhraseEvent } = await import("./phraseForm.ts");
  const record = { id: 1, name: "Promo", flowId: 3, whatsappId: 1, phrase: "oi", status: true, match: "equals" };
  assert.deepEqual(readPhraseEvent({ action: "create", record }), { action: "create", record });
  assert.deepEqual(readPhraseEvent({ action: "delete", id: 1 }), { action: "delete", id: 1 });
  assert.equal(readPhraseEvent({ action: "update", record: { ...record, flowId: "3" } }), null);
});
