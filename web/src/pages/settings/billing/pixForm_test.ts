import assert from "node:assert/strict";
import { isPixKey, validatePix } from "./pixForm.ts";

Deno.test("PIX data: the five kinds of key, and the BR Code's name and city lengths", () => {
  for (
    const key of [
      "pix@empresa.com.br",
      "12345678901",
      "12345678000199",
      "+5581999998888",
      "123e4567-e89b-42d3-a456-426614174000",
    ]
  ) {
    assert.ok(isPixKey(key), key);
  }
  for (const key of ["empresa", "123", "+1 555 0100", "+55819999"]) assert.ok(!isPixKey(key), key);
  assert.deepEqual(
    validatePix({
      pixKey: "pix@empresa.com.br",
      merchantName: "Plataforma",
      merchantCity: "Recife",
    }),
    {},
  );
  const bad = validatePix({ pixKey: "x", merchantName: "N".repeat(26), merchantCity: "" });
  assert.equal(bad.pixKey?.key, "billing.pix.pixKeyInvalid");
  assert.equal(bad.merchantName?.key, "validation.tooLong");
  assert.equal(bad.merchantCity?.key, "validation.required");
});
