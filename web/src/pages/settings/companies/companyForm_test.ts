import assert from "node:assert/strict";
import { companyValues, toCompanyInput, validateCompany } from "./companyForm.ts";

const filled = (patch = {}) => ({
  ...companyValues(null),
  name: "Padaria Sol",
  email: "dono@padaria.com",
  planId: "2",
  password: "secret12",
  ...patch,
});

Deno.test("company form: a new company leaves its due date to the server (one recurrence ahead, or the trial's end) instead of sending today", () => {
  const values = filled();
  assert.equal(values.dueDate, "");
  assert.deepEqual(validateCompany(values, false), {});
  const input = toCompanyInput(values, false);
  assert.equal("dueDate" in input, false);
  assert.equal("trialDays" in input, false);
  assert.equal(toCompanyInput(filled({ trialDays: 7 }), false).trialDays, 7);
  assert.equal(toCompanyInput(filled({ dueDate: "2027-05-01" }), false).dueDate, "2027-05-01");
});

Deno.test("company form: an edited company keeps a due date (blank is refused) and sends no trial", () => {
  assert.deepEqual(Object.keys(validateCompany(filled(), true)), ["dueDate"]);
  const input = toCompanyInput(filled({ dueDate: "2027-05-01", trialDays: 7 }), true);
  assert.deepEqual([input.dueDate, input.trialDays, input.password], [
    "2027-05-01",
    undefined,
    undefined,
  ]);
});
