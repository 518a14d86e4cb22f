import assert from "node:assert/strict";
import { plainText, whatsappText } from "./whatsappText.ts";

Deno.test("whatsapp text: bold, italic, strike and monospace, nested, as a phone shows them", () => {
  assert.deepEqual(whatsappText("*Ana*:\nOlá"), [{ style: "bold", children: ["Ana"] }, ":\nOlá"]);
  assert.deepEqual(whatsappText("_hoje_ ~ontem~ ```a *b*```"), [
    { style: "italic", children: ["hoje"] },
    " ",
    { style: "strike", children: ["ontem"] },
    " ",
    { style: "mono", children: ["a *b*"] },
  ]);
  assert.deepEqual(whatsappText("*_muito_ bom*"), [
    { style: "bold", children: [{ style: "italic", children: ["muito"] }, " bom"] },
  ]);
  assert.deepEqual(whatsappText("```linha 1\nlinha 2```"), [{
    style: "mono",
    children: ["linha 1\nlinha 2"],
  }]);
});

Deno.test("whatsapp text: markers inside words, around spaces, across lines or unclosed stay as typed", () => {
  for (
    const plain of [
      "2*3*4",
      "snake_case_name",
      "2 * 3 = 6",
      "* não *",
      "*meia\nlinha*",
      "_aberto",
      "``` ```",
    ]
  ) {
    assert.deepEqual(whatsappText(plain), [plain], plain);
  }
});

Deno.test("whatsapp text: markup in a message is text, never HTML", () => {
  assert.deepEqual(whatsappText('<img src=x onerror="alert(1)"> *<b>oi</b>*'), [
    '<img src=x onerror="alert(1)"> ',
    { style: "bold", children: ["<b>oi</b>"] },
  ]);
});

Deno.test("plain text: WhatsApp's markers go, their words stay; markers inside words and unclosed ones are text", () => {
  assert.equal(
    plainText("*Ana:*\n*Promoção* de _hoje_: ~R$ 50~ R$ 40 ```CUPOM10``` `x`"),
    "Ana:\nPromoção de hoje: R$ 50 R$ 40 CUPOM10 x",
  );
  assert.equal(plainText("*_as duas_*"), "as duas");
  assert.equal(plainText("> citado\nresposta"), "citado\nresposta");
  assert.equal(
    plainText("2*3*4 = snake_case_name, * solto * e *aberto"),
    "2*3*4 = snake_case_name, * solto * e *aberto",
  );
});
