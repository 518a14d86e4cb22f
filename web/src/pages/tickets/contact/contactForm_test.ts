// The contact drawer's form and ticket notes (run with `deno test web/src`).
import assert from "node:assert/strict";
import { toContactInput, validateContact, validateNote } from "./contactForm.ts";

const valid = { name: "Carla", number: "+55 (11) 98765-4321", email: "", extraInfo: [] };

Deno.test("name 2..50, number 8..50 digits, email optional but valid", () => {
  assert.deepEqual(validateContact(valid), {});
  assert.deepEqual(validateContact({ ...valid, name: "" }), { name: "required" });
  assert.deepEqual(validateContact({ ...valid, name: " C " }), { name: "tooShort" });
  assert.deepEqual(validateContact({ ...valid, name: "x".repeat(51) }), { name: "tooLong" });
  assert.deepEqual(validateContact({ ...valid, number: "" }), { number: "required" });
  // Punctuation does not count: 7 digits are too short even with 9 characters.
  assert.deepEqual(validateContact({ ...valid, number: "123-45-67" }), { number: "tooShort" });
  assert.deepEqual(validateContact({ ...valid, number: "1".repeat(51) }), { number: "tooLong" });
  assert.deepEqual(validateContact({ ...valid, email: "nope" }), { email: "invalidEmail" });
  assert.deepEqual(validateContact({ ...valid, email: "carla@example.com" }), {});
});

Deno.test("extra info: a value needs a name; empty rows are dropped", () => {
  const extraInfo = [
    { name: "CPF", value: "123" },
    { name: "", value: "orphan" },
    { name: " ", value: " " },
  ];
  assert.deepEqual(validateContact({ ...valid, extraInfo }), { extraInfo: [1] });
  assert.deepEqual(
    toContactInput({ ...valid, email: " a@b.co ", extraInfo: [extraInfo[0], extraInfo[2]] }),
    {
      name: "Carla",
      number: "+55 (11) 98765-4321",
      email: "a@b.co",
      extraInfo: [{ name: "CPF", value: "123" }],
    },
  );
});

Deno.test("a note is required and has at least 2 characters", () => {
  assert.equal(validateNote(""), "required");
  assert.equal(validateNote("   "), "required");
  assert.equal(validateNote(" a "), "tooShort");
  assert.equal(validateNote("ok"), null);
});
