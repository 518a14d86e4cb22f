// The contact drawer's form and ticket notes (run with `deno test web/src`).
import assert from "node:assert/strict";
import { newExtraRow } from "../../contacts/contactForm.ts";
import { validateDrawerContact, validateNote } from "./contactForm.ts";

const issue = (code: string) => ({ key: `chat.contact.errors.${code}` });

const valid = {
  name: "Carla",
  number: "+55 (11) 98765-4321",
  email: "",
  birthdate: "",
  isCustomer: false,
  extraInfo: [],
};

Deno.test("drawer errors: name 2..50, number 8..50 digits, email valid when given", () => {
  assert.deepEqual(validateDrawerContact(valid), {});
  assert.deepEqual(validateDrawerContact({ ...valid, name: "" }), { name: issue("required") });
  assert.deepEqual(validateDrawerContact({ ...valid, name: " C " }), { name: issue("tooShort") });
  assert.deepEqual(validateDrawerContact({ ...valid, name: "x".repeat(51) }), {
    name: issue("tooLong"),
  });
  assert.deepEqual(validateDrawerContact({ ...valid, number: "" }), { number: issue("required") });
  // Punctuation does not count: 7 digits are too short even with 9 characters.
  assert.deepEqual(validateDrawerContact({ ...valid, number: "123-45-67" }), {
    number: issue("tooShort"),
  });
  assert.deepEqual(validateDrawerContact({ ...valid, number: "1".repeat(51) }), {
    number: issue("tooLong"),
  });
  assert.deepEqual(validateDrawerContact({ ...valid, email: "nope" }), {
    email: issue("invalidEmail"),
  });
  assert.deepEqual(validateDrawerContact({ ...valid, email: "carla@example.com" }), {});
});

Deno.test("drawer errors: an extra info value needs a name", () => {
  const extraInfo = [newExtraRow("CPF", "123"), newExtraRow("", "orphan"), newExtraRow("", "")];
  assert.deepEqual(validateDrawerContact({ ...valid, extraInfo }), { extra1: issue("required") });
});

Deno.test("a note is required and has at least 2 characters", () => {
  assert.equal(validateNote(""), "required");
  assert.equal(validateNote("   "), "required");
  assert.equal(validateNote(" a "), "tooShort");
  assert.equal(validateNote("ok"), null);
});
