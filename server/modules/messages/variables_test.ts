import assert from "node:assert/strict";
import { greetingFor, renderVariables } from "./variables.ts";
import { MESSAGE_VARIABLE_ALIASES, MESSAGE_VARIABLES } from "../../../contracts/messageVariables.ts";

Deno.test("variables: every key in the company's time zone; unknown keys stay", () => {
  const now = new Date("2026-11-22T13:05:09Z"); // 10:05:09 in São Paulo
  const text = "{{ms}}, {{firstName}}! {{name}} #{{protocol}} {{date}} {{hora}} {{hour}} {{gretting}} {{answer}}";
  assert.equal(
    renderVariables(text, { contact: { name: "Maria da Silva", number: "5511955550001", email: "maria@example.com" }, lang: "pt", timeZone: "America/Sao_Paulo", now }),
    "Bom dia, Maria! Maria da Silva #20261122100509 22/11/2026 10:05:09 10:05 Bom dia {{answer}}",
  );
  assert.equal(renderVariables("{{name}}", { lang: "pt", timeZone: "UTC" }), "");
  assert.deepEqual([0, 5, 6, 11, 12, 17, 18, 23].map((h) => greetingFor("pt", h)), [
    "Boa madrugada", "Boa madrugada", "Bom dia", "Bom dia", "Boa tarde", "Boa tarde", "Boa noite", "Boa noite",
  ]);
});

Deno.test("variables: every name the web offers (contracts/messageVariables.ts) is filled", () => {
  const ctx = { contact: { name: "Maria da Silva", number: "5511955550001", email: "maria@example.com" }, lang: "pt" as const, timeZone: "UTC", now: new Date("2026-11-22T13:05:09Z") };
  for (const name of [...MESSAGE_VARIABLES, ...Object.keys(MESSAGE_VARIABLE_ALIASES)]) {
    const out = renderVariables(`{{${name}}}`, ctx);
    assert.ok(out !== `{{${name}}}` && out !== "", `{{${name}}} is offered but not filled`);
  }
});

const at = { lang: "pt" as const, timeZone: "UTC", now: new Date("2026-11-22T13:05:09Z") };

Deno.test("variables: {nome}, {email}, {numero} and a campaign's own {key}s in one pass beside the {{...}} ones; a value that looks like a placeholder and unknown keys stay", () => {
  const contact = { name: "Ana {email}", email: "ana@example.com", number: "5511955550001" };
  assert.equal(
    renderVariables("{nome} <{email}> {numero} {cupom} {nada} {{nome}} {{firstName}} {{number}} {{email}}", {
      ...at,
      contact,
      extra: [{ key: "cupom", value: "{numero}" }, { key: "nome", value: "not this" }],
    }),
    "Ana {email} <ana@example.com> 5511955550001 {numero} {nada} {{nome}} Ana 5511955550001 ana@example.com",
  );
  assert.equal(renderVariables("{cupom}", { ...at, contact }), "{cupom}", "a campaign's key is the campaign's only");
});

Deno.test("variables: a contact without a name, or named only by its number, is called nothing and the text closes the gap", () => {
  const cases: [string, string][] = [
    ["Olá {nome}, tudo bem?", "Olá, tudo bem?"],
    ["Olá {{firstName}}, tudo bem?", "Olá, tudo bem?"],
    ["{{ms}}, {{firstName}}! Seu pedido saiu.", "Bom dia! Seu pedido saiu."],
    ["Obrigado, {nome}.", "Obrigado."],
    ["Oi {nome}", "Oi"],
    ["Oi {nome} tudo bem", "Oi tudo bem"],
    ["{nome}, seu pedido saiu.\n{{firstName}}: confira", "Seu pedido saiu.\nConfira"],
    ["Olá {nome} {{email}}, tudo bem?", "Olá, tudo bem?"],
    ["{{ms}} *{{name}}*, meu nome é *Rita*!", "Bom dia, meu nome é *Rita*!"],
  ];
  for (const name of [undefined, "", "5511955550001", "+55 (11) 95555-0001"]) {
    for (const [text, expected] of cases) {
      assert.equal(renderVariables(text, { ...at, timeZone: "America/Sao_Paulo", contact: { name, number: "5511955550001" } }), expected, `${JSON.stringify(name)}: ${text}`);
    }
  }
});

Deno.test("variables: a contact without a name is called the company's word (setting nameFallback) when one is set", () => {
  const ctx = { ...at, contact: { name: "5511955550001" }, nameFallback: "cliente" };
  assert.equal(renderVariables("Olá {nome}, tudo bem? {{firstName}}", ctx), "Olá cliente, tudo bem? cliente");
  assert.equal(renderVariables("Olá {nome}", { ...ctx, contact: { name: "Bia Reis" } }), "Olá Bia Reis", "a real name wins");
});

Deno.test("variables: an empty name starting a sentence takes its comma and the sentence starts with the next word", () => {
  assert.equal(
    renderVariables("Tudo bem? {{firstName}}, seu pedido saiu. {nome}: confira!", { ...at, contact: { name: "" } }),
    "Tudo bem? Seu pedido saiu. Confira!",
  );
});

Deno.test("variables: a flow's own {{keys}} (answers, contact.name, custom fields) are filled; the offered variables win over them; unknown keys stay", () => {
  const text = "{{name}} / {{contact.name}} / {{pedido}} / {{Cidade natal}} / {{cidade_natal}} / {{nada}}";
  assert.equal(
    renderVariables(text, {
      contact: { name: "Ana Lima" },
      lang: "pt",
      timeZone: "America/Sao_Paulo",
      values: { name: "not this", "contact.name": "Ana Lima", pedido: "123", cidade_natal: "Recife" },
    }),
    "Ana Lima / Ana Lima / 123 / {{Cidade natal}} / Recife / {{nada}}",
  );
});
