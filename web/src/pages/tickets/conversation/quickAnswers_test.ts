// Quick-answer suggestions in the composer (run with `deno test web/src`).
import assert from "node:assert/strict";
import { QUICK_LABEL_MAX, quickLabel, quickQuery, quickSuggestions } from "./quickAnswers.ts";

const answers = [
  { id: 1, shortcode: "bomdia", message: "Bom dia! Como posso ajudar?" },
  {
    id: 2,
    shortcode: "Pix",
    message: "Nossa chave pix é o CNPJ 00.000.000/0001-00, favor enviar o comprovante",
  },
  { id: 3, shortcode: "boleto", message: "Segue o boleto", mediaName: "boleto.pdf" },
];

Deno.test("suggestions start with a slash and 2 or more characters", () => {
  assert.equal(quickQuery(""), null);
  assert.equal(quickQuery("/"), null);
  assert.equal(quickQuery("/b"), null);
  assert.equal(quickQuery("/bo"), "bo");
  assert.equal(quickQuery("bo"), null);
  // Once the text goes on past the first word it is a message, not a shortcut.
  assert.equal(quickQuery("/bo dia"), null);
  assert.equal(quickQuery(" /bo"), null);
});

Deno.test("matching is by shortcode, case-insensitive, keeping the list's order", () => {
  assert.deepEqual(quickSuggestions(answers, "/b").map((s) => s.id), []);
  assert.deepEqual(quickSuggestions(answers, "/bo").map((s) => s.id), [1, 3]);
  assert.deepEqual(quickSuggestions(answers, "/BOL").map((s) => s.id), [3]);
  assert.deepEqual(quickSuggestions(answers, "/pi").map((s) => s.id), [2]);
  assert.deepEqual(quickSuggestions(answers, "/xyz"), []);
  // Choosing one puts the whole message in the composer.
  assert.equal(quickSuggestions(answers, "/boleto")[0].message, "Segue o boleto");
  // The attachment's name comes along, so the composer can show what goes with the text.
  assert.equal(quickSuggestions(answers, "/boleto")[0].mediaName, "boleto.pdf");
  assert.equal(quickSuggestions(answers, "/bomdia")[0].mediaName, null);
});

Deno.test("the label is 'shortcode - message', cut at 35 characters", () => {
  assert.equal(quickLabel(answers[2]), "boleto - Segue o boleto");
  const long = quickLabel(answers[1]);
  assert.equal(long, `${"Pix - Nossa chave pix é o CNPJ 00.0".slice(0, QUICK_LABEL_MAX)}...`);
  assert.equal(long.length, QUICK_LABEL_MAX + 3);
  // Line breaks do not break the one-line label.
  assert.equal(quickLabel({ shortcode: "a", message: "x\ny" }), "a - x y");
});
