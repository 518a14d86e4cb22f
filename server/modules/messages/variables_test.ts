import assert from "node:assert/strict";
import { greetingFor, renderVariables } from "./variables.ts";
import { MESSAGE_VARIABLE_ALIASES, MESSAGE_VARIABLES } from "../../../contracts/messageVariables.ts";

Deno.test("variables: every key in the company's time zone; unknown keys stay", () => {
  const now = new Date("2026-11-22T13:05:09Z"); // 10:05:09 in São Paulo
  const text = "{{ms}}, {{firstName}}! {{name}} #{{protocol}} {{date}} {{hora}} {{hour}} {{gretting}} {{answer}}";
  assert.equal(
    renderVariables(text, { contactName: "Maria da Silva", lang: "pt", timeZone: "America/Sao_Paulo", now }),
    "Bom dia, Maria! Maria da Silva #20261122100509 22/11/2026 10:05:09 10:05 Bom dia {{answer}}",
  );
  assert.equal(renderVariables("{{name}}", { lang: "pt", timeZone: "UTC" }), "");
  assert.deepEqual([0, 5, 6, 11, 12, 17, 18, 23].map((h) => greetingFor("pt", h)), [
    "Boa madrugada", "Boa madrugada", "Bom dia", "Bom dia", "Boa tarde", "Boa tarde", "Boa noite", "Boa noite",
  ]);
});

Deno.test("variables: every name the web offers (contracts/messageVariables.ts) is filled", () => {
  const ctx = { contactName: "Maria da Silva", lang: "pt" as const, timeZone: "UTC", now: new Date("2026-11-22T13:05:09Z") };
  for (const name of [...MESSAGE_VARIABLES, ...Object.keys(MESSAGE_VARIABLE_ALIASES)]) {
    const out = renderVariables(`{{${name}}}`, ctx);
    assert.ok(out !== `{{${name}}}` && out !== "", `{{${name}}} is offered but not filled`);
  }
});
