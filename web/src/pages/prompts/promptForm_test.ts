// The AI agent form's rules, the test call it makes and its live list (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Prompt } from "../../api/prompts.ts";
import { ApiError } from "../../api/errors.ts";
import { isVisible, menuEntries } from "../../app/layout/menu.ts";
import type { Plan } from "../../api/types.ts";
import {
  applyPromptEvent,
  asPromptEvent,
  DEFAULTS,
  initialValues,
  testFailure,
  toPromptInput,
  toTestInput,
  validatePrompt,
} from "./promptForm.ts";

const TEXT = "Você é a assistente da Loja Exemplo. Responda com educação e em poucas frases.";

function prompt(id: number, name: string, patch: Partial<Prompt> = {}): Prompt {
  return {
    id,
    name,
    prompt: TEXT,
    baseUrl: null,
    apiKey: "••••••••4321",
    assistantId: "",
    model: DEFAULTS.model,
    temperature: 0.6,
    topP: 0.8,
    maxTokens: 200,
    maxMessages: 10,
    queueId: 1,
    voice: "",
    voiceKey: "",
    voiceRegion: "",
    promptTokens: 0,
    completionTokens: 0,
    totalTokens: 0,
    quotaAlertAt: null,
    createdAt: "",
    updatedAt: "",
    ...patch,
  };
}

Deno.test("prompt form: a new agent starts with the spec's defaults", () => {
  const v = initialValues(null);
  assert.deepEqual([v.model, v.temperature, v.topP, v.maxTokens, v.maxMessages], [
    "gpt-3.5-turbo-1106",
    0.6,
    0.8,
    200,
    10,
  ]);
  assert.deepEqual([v.apiKey, v.baseUrl, v.queueId], ["", "", ""]);
});

Deno.test("prompt form: the spec's validations, and no key needed with a server address", () => {
  const good = {
    ...initialValues(null),
    name: "Assistente",
    prompt: TEXT,
    apiKey: "sk-x",
    queueId: "1",
  };
  assert.deepEqual(validatePrompt(good), {});
  const fields = (patch: Partial<typeof good>) =>
    Object.keys(validatePrompt({ ...good, ...patch }));
  assert.deepEqual(fields({ name: "Ana" }), ["name"]);
  assert.deepEqual(fields({ prompt: "curto" }), ["prompt"]);
  assert.deepEqual(fields({ temperature: 1.2 }), ["temperature"]);
  assert.deepEqual(fields({ temperature: 0.65 }), ["temperature"]);
  assert.deepEqual(fields({ model: " " }), ["model"]);
  assert.deepEqual(fields({ maxTokens: 0 }), ["maxTokens"]);
  assert.deepEqual(fields({ maxMessages: 0 }), ["maxMessages"]);
  assert.deepEqual(fields({ queueId: "" }), ["queueId"]);
  assert.deepEqual(fields({ apiKey: "" }), ["apiKey"]);
  assert.deepEqual(fields({ apiKey: "", baseUrl: "http://localhost:11434/v1" }), []);
  assert.deepEqual(fields({ baseUrl: "localhost:11434" }), ["baseUrl"]);
});

Deno.test("prompt form: the payload sends the masked key back untouched (kept), a typed one as typed, and no address as null", () => {
  const stored = prompt(7, "Assistente");
  const input = toPromptInput(initialValues(stored));
  assert.equal(input.apiKey, "••••••••4321");
  assert.equal(input.baseUrl, null);
  assert.equal(input.queueId, 1);
  assert.equal(toPromptInput({ ...initialValues(stored), apiKey: " sk-new " }).apiKey, "sk-new");
});

Deno.test("prompt form: the test call leaves the key out while masked (the stored one), and sends a typed one", () => {
  const stored = prompt(7, "Assistente", { baseUrl: "http://localhost:11434/v1" });
  const masked = toTestInput(initialValues(stored), 7, "Oi");
  assert.equal("apiKey" in masked, false);
  assert.deepEqual([masked.id, masked.message, masked.baseUrl], [
    7,
    "Oi",
    "http://localhost:11434/v1",
  ]);
  const typed = toTestInput({ ...initialValues(stored), apiKey: "sk-typed" }, 7, "");
  assert.equal(typed.apiKey, "sk-typed");
  assert.equal("message" in typed, false);
  assert.equal("id" in toTestInput(initialValues(null), null, "Oi"), false);
});

Deno.test("prompt form: a failed test shows its kind, the server's status and its words", () => {
  const error = new ApiError(
    502,
    "ERR_AI_CALL_FAILED",
    "Incorrect API key provided: ••••",
    undefined,
    {
      kind: "auth",
      status: 401,
    },
  );
  assert.deepEqual(testFailure(error), {
    kindKey: "prompts.test.kinds.auth",
    status: 401,
    message: "Incorrect API key provided: ••••",
  });
  assert.equal(testFailure(new ApiError(400, "ERR_VALIDATION", "apiKey: type the key")), null);
});

Deno.test("prompts list: live events upsert in name order and delete by promptId; junk is ignored", () => {
  let list = [prompt(1, "Bia"), prompt(2, "Duda")];
  list = applyPromptEvent(list, asPromptEvent({ action: "create", prompt: prompt(3, "Carla") })!);
  assert.deepEqual(list.map((p) => p.name), ["Bia", "Carla", "Duda"]);
  list = applyPromptEvent(
    list,
    asPromptEvent({ action: "update", prompt: prompt(1, "Zeca", { totalTokens: 47 }) })!,
  );
  assert.deepEqual(list.map((p) => p.name), ["Carla", "Duda", "Zeca"]);
  list = applyPromptEvent(list, asPromptEvent({ action: "delete", promptId: 2 })!);
  assert.deepEqual(list.map((p) => p.id), [3, 1]);
  assert.equal(asPromptEvent({ action: "update", prompt: { id: "x" } }), null);
});

Deno.test("prompts menu entry: admins of a plan with useOpenAi only", () => {
  const entry = menuEntries.find((e) => e.path === "/prompts")!;
  const plan = (useOpenAi: boolean) => ({ useOpenAi } as unknown as Plan);
  assert.equal(isVisible(entry, { isAdmin: true, isSuper: false, plan: plan(true) }), true);
  assert.equal(isVisible(entry, { isAdmin: true, isSuper: false, plan: plan(false) }), false);
  assert.equal(
    isVisible(entry, { isAdmin: false, isSuper: false, isStaff: true, plan: plan(true) }),
    false,
  );
});
