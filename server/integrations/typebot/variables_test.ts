import assert from "node:assert/strict";
import { prefilledVariables } from "./variables.ts";

Deno.test("typebot variables: number, pushName, name and the contact's custom fields by name", () => {
  assert.deepEqual(
    prefilledVariables({
      number: "5511999990000",
      name: "Joana Conceição",
      pushName: "Jo",
      customFields: [{ name: "plano", value: "ouro" }, { name: " cidade ", value: "Recife" }],
    }),
    {
      number: "5511999990000",
      pushName: "Jo",
      name: "Joana Conceição",
      plano: "ouro",
      cidade: "Recife",
    },
  );
});

Deno.test("typebot variables: pushName falls back to the name, and a custom field cannot replace number, pushName or name", () => {
  const vars = prefilledVariables({
    number: "5511999990000",
    name: "Joana",
    customFields: [{ name: "number", value: "0" }, { name: "name", value: "X" }],
  });
  assert.deepEqual(vars, { number: "5511999990000", pushName: "Joana", name: "Joana" });
});

Deno.test("typebot variables: fields named as credentials never go to Typebot, and a __proto__ field stays a plain key", () => {
  const vars = prefilledVariables({
    number: "1",
    name: "A",
    customFields: [
      { name: "senha", value: "hunter2" },
      { name: "API key", value: "sk-1" },
      { name: "access_token", value: "t" },
      { name: "Contraseña", value: "x" },
      { name: "__proto__", value: "p" },
    ],
  });
  assert.deepEqual(Object.keys(vars), ["number", "pushName", "name", "__proto__"]);
  assert.equal(Object.getPrototypeOf(vars), Object.prototype);
  assert.ok(!JSON.stringify(vars).includes("hunter2"));
});

Deno.test("typebot variables: at most 50 custom fields, values cut at 1000 characters", () => {
  const vars = prefilledVariables({
    number: "1",
    name: "A",
    customFields: Array.from(
      { length: 80 },
      (_, i) => ({ name: `f${i}`, value: "v".repeat(2000) }),
    ),
  });
  assert.equal(Object.keys(vars).length, 53);
  assert.equal(vars.f0.length, 1000);
});
