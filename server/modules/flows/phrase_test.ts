import assert from "node:assert/strict";
import {
  matchesPhrase,
  normalisePhrase,
  phraseKey,
  REGEX_TEXT_MAX,
  regexProblem,
} from "./phrase.ts";

Deno.test("a phrase is trimmed, case- and accent-insensitive, its spaces collapsed", () => {
  assert.equal(normalisePhrase("  Olá,   MUNDO! \n"), "ola mundo");
  assert.equal(phraseKey("Promoção", "equals"), phraseKey(" promocao ", "equals"));
  assert.ok(matchesPhrase({ phrase: "Quero Promoção", match: "equals" }, "  quero   promocao "));
  assert.ok(!matchesPhrase({ phrase: "promoção", match: "equals" }, "quero promoção"));
  assert.ok(matchesPhrase({ phrase: "promoção", match: "contains" }, "Quero a PROMOCAO de hoje"));
  assert.ok(matchesPhrase({ phrase: "oi", match: "startsWith" }, "Oi, tudo bem?"));
  assert.ok(!matchesPhrase({ phrase: "oi", match: "startsWith" }, "bom dia, oi"));
  assert.ok(matchesPhrase({ phrase: "^pedido\\s*\\d+$", match: "regex" }, "Pedido 123"));
  assert.ok(matchesPhrase({ phrase: "^promoção", match: "regex" }, "PROMOCAO já"));
  // A regex keys by its source (its \S and \s differ), not lower-cased.
  assert.notEqual(phraseKey("\\S+x", "regex"), phraseKey("\\s+x", "regex"));
});

Deno.test("regex phrases that could backtrack for ever are refused; ordinary ones pass", () => {
  for (
    const ok of [
      "^(oi|olá|bom dia)$",
      "pedido\\s*\\d+",
      "^promo[çc][aã]o",
      "(?:quero|preciso) de ajuda",
      "a{2}b",
    ]
  ) {
    assert.equal(regexProblem(ok), null, ok);
  }
  for (const bad of ["(a+)+$", "(a|a)*b", "(\\w+\\s?){2,}x", "(x*)*", "(.)\\1", "a*a*a*b"]) {
    assert.equal(regexProblem(bad), "unsafe", bad);
  }
  assert.equal(regexProblem("(unclosed"), "invalid");
  assert.equal(regexProblem("x".repeat(201)), "invalid");
  assert.equal(regexProblem("   "), "invalid");
  // A refused regex never matches at run time either.
  assert.ok(!matchesPhrase({ phrase: "(a+)+$", match: "regex" }, "aaaa"));
});

Deno.test("a regex phrase looks at the text's first characters only", () => {
  const text = "x".repeat(REGEX_TEXT_MAX) + " pedido";
  assert.ok(!matchesPhrase({ phrase: "pedido", match: "regex" }, text));
  assert.ok(matchesPhrase({ phrase: "pedido", match: "contains" }, text));
});

Deno.test("phrase: a customer's message matches trimmed, case- and accent-insensitive, as its operator says", () => {
  assert.ok(matchesPhrase({ phrase: "promocao", match: "equals" }, "  Promoção "));
  assert.ok(
    !matchesPhrase({ phrase: "promocao", match: "equals" }, "quero a promoção"),
    "equals is the whole message",
  );
  assert.ok(matchesPhrase({ phrase: "promocao", match: "contains" }, "quero a PROMOÇÃO hoje"));
  assert.ok(
    !matchesPhrase({ phrase: "promocao", match: "contains" }, "promocaozinha"),
    "contains whole words",
  );
  assert.ok(matchesPhrase({ phrase: "promocao", match: "startsWith" }, "Promoção de natal"));
  assert.ok(!matchesPhrase({ phrase: "promocao", match: "startsWith" }, "a promoção"));
  assert.ok(matchesPhrase({ phrase: "^pedido \\d+$", match: "regex" }, "pedido 12345"));
  assert.ok(
    matchesPhrase({ phrase: "pedido n", match: "regex" }, "Pedido Nº 7"),
    "case-insensitive",
  );
  assert.ok(
    !matchesPhrase({ phrase: "(", match: "regex" }, "anything"),
    "a broken pattern matches nothing",
  );
  assert.ok(!matchesPhrase({ phrase: "", match: "equals" }, ""), "an empty phrase matches nothing");
});
