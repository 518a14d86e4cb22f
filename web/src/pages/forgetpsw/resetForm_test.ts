// The reset page's company and the spec's answer to a code request (run with `deno test web/src`).
import assert from "node:assert/strict";
import { emailFound, resetCompanyId } from "./resetForm.ts";

Deno.test("the reset page's ?companyId is a positive id, anything else is none", () => {
  assert.equal(resetCompanyId("?companyId=7"), 7);
  assert.equal(resetCompanyId("companyId=12&x=1"), 12);
  for (
    const search of [
      "",
      "?companyId=",
      "?companyId=0",
      "?companyId=-3",
      "?companyId=abc",
      "?companyId=1.5",
    ]
  ) {
    assert.equal(resetCompanyId(search), undefined, search);
  }
});

Deno.test("a status 404 in the answer's body means the e-mail was not found (emailNotFound)", () => {
  assert.equal(emailFound({ status: 404 }), false);
  assert.equal(emailFound({ status: 200 }), true);
});
