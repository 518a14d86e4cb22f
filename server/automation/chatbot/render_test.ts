import assert from "node:assert/strict";
import { optionMenu, queueMenu } from "./render.ts";

Deno.test("render: the queue menu is the greeting then one numbered line per queue", () => {
  assert.equal(
    queueMenu("Olá! Escolha:", ["Vendas", "Suporte"]),
    "Olá! Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte",
  );
  assert.equal(queueMenu("  ", ["Vendas"]), "*[ 1 ]* - Vendas", "no greeting: the lines alone");
});

Deno.test("render: an option level lists its options, '0' below the top, '#' always, in the company's language", () => {
  const opts = [{ option: 1, title: "Boletos" }, { option: 2, title: "Notas" }];
  assert.equal(
    optionMenu("Financeiro", opts, "pt", true),
    "Financeiro\n\n*[ 1 ]* - Boletos\n*[ 2 ]* - Notas\n*[ # ]* - Menu inicial",
  );
  assert.equal(
    optionMenu("Notas", [{ option: 1, title: "2025" }], "en", false),
    "Notas\n\n*[ 1 ]* - 2025\n*[ 0 ]* - Previous menu\n*[ # ]* - Main menu",
  );
  assert.equal(
    optionMenu("", [], "es", false),
    "*[ 0 ]* - Menú anterior\n*[ # ]* - Menú inicial",
  );
});
