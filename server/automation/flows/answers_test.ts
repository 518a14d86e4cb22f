import assert from "node:assert/strict";
import { chosenOption, menuText, typedAnswer } from "./answers.ts";
import { readCursor, writeCursor } from "./cursor.ts";

const options = [{ number: 1, value: "Segunda via" }, { number: 2, value: "Falar com Atendente!" }];

Deno.test("answers: a menu is its message then '[n] value' lines; a reply chooses by number or by text, nothing else", () => {
  assert.equal(
    menuText(" Escolha: ", options),
    "Escolha:\n\n[1] Segunda via\n[2] Falar com Atendente!",
  );
  assert.equal(chosenOption(" 2 ", options)?.number, 2);
  assert.equal(chosenOption("SEGUNDA VIA", options)?.number, 1);
  assert.equal(chosenOption("falar com atendente", options)?.number, 2, "punctuation aside");
  assert.equal(chosenOption("3", options), undefined);
  assert.equal(chosenOption("segunda", options), undefined, "a part of an option is not a choice");
  assert.equal(chosenOption("   ", options), undefined);
});

Deno.test("answers: typed answers are checked and kept in one form; a misfit is null", () => {
  assert.equal(typedAnswer("  qualquer coisa ", "text"), "qualquer coisa");
  assert.equal(typedAnswer("   ", "text"), null);
  assert.equal(typedAnswer("1.234,5", "number"), null);
  assert.equal(typedAnswer("12,5", "number"), "12.5");
  assert.equal(typedAnswer("doze", "number"), null);
  assert.equal(typedAnswer("Ana@Example.COM", "email"), "ana@example.com");
  assert.equal(typedAnswer("ana@example", "email"), null);
  assert.equal(typedAnswer("+55 (11) 95555-0001", "phone"), "5511955550001");
  assert.equal(typedAnswer("12345", "phone"), null);
  assert.equal(typedAnswer("1/2/2030", "date"), "01/02/2030");
  assert.equal(typedAnswer("2030-02-28", "date"), "28/02/2030");
  assert.equal(typedAnswer("31/02/2030", "date"), null, "no such day");
  assert.equal(typedAnswer("amanhã", "date"), null);
});

Deno.test("cursor: a node, a content element and a pending mark read back as written", () => {
  for (const text of ["q", "c#2", "abc>", "c#3>"]) {
    assert.equal(writeCursor(readCursor(text)), text);
  }
  assert.deepEqual(readCursor("c#3>"), { node: "c", element: 3, pending: true });
});
