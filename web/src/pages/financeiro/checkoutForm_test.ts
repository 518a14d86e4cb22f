import assert from "node:assert/strict";
import { renewedDueDate } from "./usePaymentRenewal.ts";
import {
  initialCheckout,
  payable,
  toSubscriptionInput,
  validateCheckout,
  zipValid,
} from "./checkoutForm.ts";

const filled = {
  firstName: "Ana",
  lastName: "Souza",
  address2: "Rua A, 1",
  city: "Recife",
  state: "PE",
  zipcode: "50000-000",
  country: "BR" as const,
};

Deno.test("checkout: the data step requires names, address, city, state, a zip of the country's format and a country", () => {
  assert.deepEqual(validateCheckout(filled), {});
  const empty = validateCheckout(initialCheckout(null));
  assert.deepEqual(Object.keys(empty).sort(), [
    "address2",
    "city",
    "firstName",
    "lastName",
    "state",
    "zipcode",
  ]);
  assert.equal(empty.zipcode?.key, "validation.required");
  assert.equal(
    validateCheckout({ ...filled, zipcode: "5000" }).zipcode?.key,
    "billing.checkout.zipInvalid",
  );
  assert.equal(
    validateCheckout({ ...filled, firstName: "A" }).firstName?.key,
    "validation.tooShort",
  );
  assert.ok(zipValid("50000000", "BR"));
  assert.ok(!zipValid("12345", "BR"));
  assert.ok(zipValid("12345", "usa"));
  assert.ok(zipValid("12345-6789", "usa"));
  assert.ok(!zipValid("50000-000", "usa"));
});

Deno.test("checkout: starts from the company's billing data and sends the invoice it pays", () => {
  const start = initialCheckout({
    billingName: "Ana Maria Souza",
    street: "Rua B",
    city: "Olinda",
    state: "PE",
    zip: "53000-000",
  });
  assert.deepEqual(start, {
    firstName: "Ana",
    lastName: "Maria Souza",
    address2: "Rua B",
    city: "Olinda",
    state: "PE",
    zipcode: "53000-000",
    country: "BR",
  });
  const invoice = {
    id: 7,
    companyId: 2,
    detail: "Plano",
    value: 99.5,
    dueDate: "2027-01-31",
    status: "open" as const,
    paidAt: null,
    paidBy: null,
  };
  assert.deepEqual(toSubscriptionInput({ ...filled, city: " Recife " }, invoice), {
    ...filled,
    invoiceId: 7,
    price: 99.5,
  });
  // The plan chosen in Customize travels as planId; none chosen, none sent.
  assert.equal(toSubscriptionInput(filled, invoice, 3).planId, 3);
  assert.equal("planId" in toSubscriptionInput(filled, invoice), false);
  assert.ok(payable(invoice));
  assert.ok(payable({ status: "expired" }));
  assert.ok(!payable({ status: "paid" }));
});

Deno.test("payment event: only CONCLUIDA with the company's new due date renews", () => {
  assert.equal(
    renewedDueDate({ action: "CONCLUIDA", company: { id: 2, dueDate: "2027-02-28" } }),
    "2027-02-28",
  );
  assert.equal(renewedDueDate({ action: "PENDENTE", company: { dueDate: "2027-02-28" } }), null);
  assert.equal(renewedDueDate({ action: "CONCLUIDA" }), null);
  assert.equal(renewedDueDate(null), null);
});
