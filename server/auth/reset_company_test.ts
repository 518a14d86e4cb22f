import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer } from "../testing.ts";

Deno.test("POST /forgetpassword/{email}?companyId: the address must be an account of that company, else status 404 (emailNotFound)", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const other = await newCompany(s, root.token, "Loja Dois");
    const ask = async (path: string) => {
      const r = await s.call(path, { method: "POST" });
      assert.equal(r.status, r.body.field ? 400 : 200, path);
      return r.body.status ?? r.body.field;
    };
    assert.equal(await ask(`/forgetpassword/${other.email}?companyId=${other.company.id}`), 200);
    assert.equal(
      await ask(`/forgetpassword/${other.email}?companyId=1`),
      404,
      "an account of another company",
    );
    assert.equal(await ask(`/forgetpassword/${ADMIN.email}?companyId=${other.company.id}`), 404);
    assert.equal(
      await ask(`/forgetpassword/${other.email}`),
      200,
      "without a company, any account",
    );
    assert.equal(await ask(`/forgetpassword/${other.email}?companyId=abc`), "companyId");
  } finally {
    await s.stop();
  }
});
