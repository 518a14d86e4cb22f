// Contact form rules and the spreadsheet import result (run with `deno test web/src`).
import assert from "node:assert/strict";
import {
  initialContactValues,
  newExtraRow,
  toContactInput,
  validateContact,
} from "./contactForm.ts";
import { isXlsx, summarizeImport } from "./importResult.ts";

const valid = () => ({
  ...initialContactValues(null),
  name: "Maria",
  number: "+55 (11) 99999-8888",
});

Deno.test("a contact needs a name of 2..50 and a number of 8..50 digits", () => {
  assert.deepEqual(validateContact(valid()), {});
  const issues = validateContact({ ...valid(), name: "M", number: "1234-567" });
  assert.equal(issues.name?.key, "validation.tooShort");
  assert.equal(issues.number?.key, "contacts.modal.numberShort");
  assert.equal(
    validateContact({ ...valid(), number: "9".repeat(51) }).number?.key,
    "contacts.modal.numberLong",
  );
  assert.equal(validateContact({ ...valid(), number: "" }).number?.key, "validation.required");
  assert.equal(
    validateContact({ ...valid(), name: "x".repeat(51) }).name?.key,
    "validation.tooLong",
  );
});

Deno.test("e-mail and birthdate are optional but must be valid", () => {
  assert.equal(
    validateContact({ ...valid(), email: "maria@" }).email?.key,
    "validation.invalidEmail",
  );
  assert.equal(validateContact({ ...valid(), email: "maria@ex.com" }).email, undefined);
  assert.equal(
    validateContact({ ...valid(), birthdate: "2023-02-31" }).birthdate?.key,
    "validation.invalidDate",
  );
  assert.equal(validateContact({ ...valid(), birthdate: "1990-05-20" }).birthdate, undefined);
});

Deno.test("extra info rows need a name when they hold a value; empty rows are dropped", () => {
  const values = {
    ...valid(),
    extraInfo: [newExtraRow("CPF", "123"), newExtraRow("", ""), newExtraRow("", "orphan")],
  };
  const issues = validateContact(values);
  assert.equal(issues.extra0, undefined);
  assert.equal(issues.extra1, undefined);
  assert.equal(issues.extra2?.key, "validation.required");
  const input = toContactInput({ ...values, extraInfo: values.extraInfo.slice(0, 2) });
  assert.deepEqual(input, {
    name: "Maria",
    number: "5511999998888",
    email: "",
    birthdate: null,
    isCustomer: false,
    extraInfo: [{ name: "CPF", value: "123" }],
  });
});

Deno.test("only .xlsx files go up", () => {
  assert.equal(isXlsx("contatos.xlsx"), true);
  assert.equal(isXlsx("CONTATOS.XLSX"), true);
  assert.equal(isXlsx("contatos.xls"), false);
  assert.equal(isXlsx("contatos.csv"), false);
  assert.equal(isXlsx("xlsx"), false);
});

Deno.test("the import result counts new contacts and lists refused rows in order", () => {
  const describe = (code: string, message: string) =>
    code === "ERR_DUPLICATED_CONTACT" ? "Já existe um contato com este número." : message;
  const summary = summarizeImport({
    newContacts: [{ contactId: 1, contactName: "Ana" }, { contactId: 2, contactName: "Bia" }],
    errorBag: [
      {
        row: 7,
        contactName: "Caio",
        error: { code: "ERR_VALIDATION", message: "number: too short" },
      },
      { row: 3, contactName: "Duda", error: { code: "ERR_DUPLICATED_CONTACT", message: "dup" } },
    ],
  }, describe);
  assert.equal(summary.newCount, 2);
  assert.deepEqual(summary.errors, [
    { row: 3, name: "Duda", message: "Já existe um contato com este número." },
    { row: 7, name: "Caio", message: "number: too short" },
  ]);
});
