import assert from "node:assert/strict";
import { withCountryCode } from "./numbers.ts";

Deno.test("list numbers: a Brazilian number written at home is completed with 55; a whole or '+' number is kept; one without area code is refused", () => {
  const cases: [string, unknown][] = [
    ["(11) 95555-0010", { number: "5511955550010", completed: true }],
    ["11 5555-1310", { number: "551155551310", completed: true }],
    ["011 95555-0010", { number: "5511955550010", completed: true }],
    ["5511955550010", { number: "5511955550010", completed: false }],
    ["55 11 5555-1310", { number: "551155551310", completed: false }],
    ["+1 202 555 0123", { number: "12025550123", completed: false }],
    ["95555-0010", { refused: "number_no_country" }],
    ["5555-1310", { refused: "number_no_country" }],
    ["123", { number: "123", completed: false }],
  ];
  for (const [raw, expected] of cases) assert.deepEqual(withCountryCode(raw, "55"), expected, raw);
});

Deno.test("list numbers: another country's home form takes its code; no code set (or an unknown one) keeps every number as written", () => {
  assert.deepEqual(withCountryCode("912 345 678", "351"), { number: "351912345678", completed: true });
  assert.deepEqual(withCountryCode("(202) 555-0123", "1"), { number: "12025550123", completed: true });
  assert.deepEqual(withCountryCode("(11) 95555-0010", ""), { number: "11955550010", completed: false });
  assert.deepEqual(withCountryCode("95555-0010", "999"), { number: "955550010", completed: false });
});
