// The new-ticket dialog's rules (run with `deno test web/src`).
import assert from "node:assert/strict";
import { ApiError } from "../../../api/errors.ts";
import {
  conflictOutcome,
  defaultConnection,
  draftFrom,
  duplicatedContactId,
  otherOpenTicket,
  ticketInput,
  validateDraft,
  validateTicket,
} from "./newTicketForm.ts";

const maria = { id: 4, name: "Maria Silva", number: "5511999990001" };

Deno.test("the typed text fills the name, or the number when it is one", () => {
  assert.deepEqual(draftFrom(" Joana "), { name: "Joana", number: "" });
  assert.deepEqual(draftFrom("+55 (11) 98765-4321"), { name: "", number: "5511987654321" });
});

Deno.test("new contact: name 2..50, number 8..50 digits after punctuation", () => {
  assert.deepEqual(validateDraft({ name: "Jo", number: "(11) 9876-5432" }), {});
  assert.equal(validateDraft({ name: "J", number: "11987654" }).name?.key, "validation.tooShort");
  assert.equal(
    validateDraft({ name: "x".repeat(51), number: "11987654" }).name?.key,
    "validation.tooLong",
  );
  assert.equal(
    validateDraft({ name: "Joana", number: "1234-567" }).number?.key,
    "validation.tooShort",
  );
  assert.equal(
    validateDraft({ name: "Joana", number: "9".repeat(51) }).number?.key,
    "validation.tooLong",
  );
  assert.equal(validateDraft({ name: "Joana", number: "--" }).number?.key, "validation.required");
});

Deno.test("ticket: a contact always; a queue unless admin; sent as open for me", () => {
  const empty = { contact: null, queueId: null, whatsappId: null };
  assert.deepEqual(Object.keys(validateTicket(empty, false)).sort(), ["contact", "queueId"]);
  assert.deepEqual(Object.keys(validateTicket(empty, true)), ["contact"]);
  assert.deepEqual(validateTicket({ ...empty, contact: maria, queueId: 2 }, false), {});
  assert.deepEqual(ticketInput({ contact: maria, queueId: 2, whatsappId: 7 }, 5), {
    contactId: 4,
    queueId: 2,
    whatsappId: 7,
    userId: 5,
    status: "open",
  });
});

Deno.test("connection: the user's own, else the company default, else none", () => {
  const list = [
    { id: 1, name: "A", status: "CONNECTED", isDefault: true },
    { id: 2, name: "B", status: "CONNECTED", isDefault: false },
  ];
  assert.equal(defaultConnection(list, 2), 2);
  assert.equal(defaultConnection(list, 9), 1);
  assert.equal(defaultConnection(list, null), 1);
  assert.equal(defaultConnection([], 2), null);
});

Deno.test("ERR_OTHER_OPEN_TICKET: another attendant's ticket is named, one's own is opened", () => {
  const other = {
    id: 8,
    uuid: "u-8",
    status: "open",
    user: { id: 3, name: "Rita" },
    queue: { id: 2, name: "Vendas", color: "#f00" },
  };
  const error = new ApiError(409, "ERR_OTHER_OPEN_TICKET", "exists", undefined, { ticket: other });
  const parsed = otherOpenTicket(error);
  assert.ok(parsed);
  assert.deepEqual(conflictOutcome(parsed, 5), { kind: "notice", user: "Rita", queue: "Vendas" });
  assert.deepEqual(conflictOutcome(parsed, 3), { kind: "open", uuid: "u-8", status: "open" });
  assert.deepEqual(
    conflictOutcome({ ...parsed, user: null, status: "pending" }, 5),
    { kind: "open", uuid: "u-8", status: "pending" },
  );
  assert.equal(otherOpenTicket(new ApiError(409, "ERR_OTHER_OPEN_TICKET", "exists")), null);
  assert.equal(otherOpenTicket(new ApiError(400, "ERR_VALIDATION", "bad")), null);
  assert.equal(otherOpenTicket(new Error("x")), null);
});

Deno.test("ERR_DUPLICATED_CONTACT carries the existing contact's id", () => {
  const error = new ApiError(409, "ERR_DUPLICATED_CONTACT", "dup", undefined, { contactId: 12 });
  assert.equal(duplicatedContactId(error), 12);
  assert.equal(duplicatedContactId(new ApiError(409, "ERR_DUPLICATED_CONTACT", "dup")), null);
  assert.equal(
    duplicatedContactId(new ApiError(409, "ERR_OTHER", "x", undefined, { contactId: 1 })),
    null,
  );
});
