import assert from "node:assert/strict";
import type { QueueIntegration } from "../../api/queueIntegrations.ts";
import {
  applyIntegrationEvent,
  asIntegrationEvent,
  initialValues,
  newSigningKey,
  toIntegrationInput,
  validateIntegration,
} from "./integrationForm.ts";

const record = (id: number, name: string): QueueIntegration => ({
  ...toIntegrationInput(initialValues(null)),
  id,
  name,
  jsonContent: "",
  secret: "",
  lastError: "",
  lastErrorAt: null,
  createdAt: "",
  updatedAt: "",
});

Deno.test("a new integration starts as the spec says: Typebot, expiring after 1 minute, 1000 ms between messages", () => {
  const v = initialValues(null);
  assert.equal(v.type, "typebot");
  assert.equal(v.typebotExpires, 1);
  assert.equal(v.typebotDelayMessage, 1000);
  assert.equal(v.language, "pt-BR");
});

Deno.test("each type asks for its own fields; a saved Dialogflow key need not be typed again", () => {
  const base = { ...initialValues(null), name: "Bot" };
  assert.deepEqual(Object.keys(validateIntegration({ ...base, name: "a" })).sort(), [
    "name",
    "typebotSlug",
    "urlN8N",
  ]);
  assert.deepEqual(
    validateIntegration({ ...base, urlN8N: "ftp://x", typebotSlug: "s" }).urlN8N?.key,
    "queueIntegrations.dialog.invalidUrl",
  );
  assert.deepEqual(Object.keys(validateIntegration({ ...base, type: "n8n" })), ["urlN8N"]);
  assert.deepEqual(Object.keys(validateIntegration({ ...base, type: "dialogflow" })).sort(), [
    "jsonContent",
    "projectName",
  ]);
  assert.deepEqual(
    validateIntegration({
      ...base,
      type: "dialogflow",
      projectName: "p",
      savedJson: "••••••••abcd",
    }),
    {},
  );
  assert.deepEqual(Object.keys(validateIntegration({ ...base, type: "flowbuilder" })), ["flowId"]);
  assert.equal(
    validateIntegration({ ...base, name: "x".repeat(51), urlN8N: "https://t", typebotSlug: "s" })
      .name?.key,
    "validation.tooLong",
  );
});

Deno.test("an untouched credential is sent empty, so the server keeps the saved one", () => {
  const saved = {
    ...record(1, "Agente"),
    type: "dialogflow" as const,
    jsonContent: "••••••••abcd",
  };
  const input = toIntegrationInput(initialValues(saved));
  assert.equal(input.jsonContent, "");
  assert.equal(input.secret, "");
});

Deno.test("a generated signing key is 32 random bytes in base64url", () => {
  const a = newSigningKey();
  assert.match(a, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(a, newSigningKey());
});

Deno.test("live events upsert by name order and remove by integrationId", () => {
  const items = [record(1, "Alfa"), record(3, "Gama")];
  const created = asIntegrationEvent({ action: "create", queueIntegration: record(2, "Beta") })!;
  const after = applyIntegrationEvent(items, created, { search: "", hasMore: false });
  assert.deepEqual(after.items.map((i) => i.id), [1, 2, 3]);
  assert.equal(after.countDelta, 1);
  const gone = applyIntegrationEvent(
    after.items,
    asIntegrationEvent({ action: "delete", integrationId: 1 })!,
    { search: "", hasMore: false },
  );
  assert.deepEqual(gone.items.map((i) => i.id), [2, 3]);
  assert.equal(gone.countDelta, -1);
  assert.equal(asIntegrationEvent({ action: "delete", id: 1 }), null);
});
