import assert from "node:assert/strict";
import { rowAfterRemoval } from "./focusAfter.ts";

const rows = (...ids: number[]) => ids.map((id) => ({ id }));

Deno.test("after Resolver the keyboard goes to the next ticket, or the new last one", () => {
  assert.equal(rowAfterRemoval(rows(1, 2, 3), rows(1, 3), 2), 3);
  assert.equal(rowAfterRemoval(rows(1, 2, 3), rows(1, 2), 3), 2);
  assert.equal(rowAfterRemoval(rows(1, 2, 3), rows(2, 3), 1), 2);
});

Deno.test("after Resolver nothing moves while the ticket is still listed, nor in a list it was not in", () => {
  assert.equal(rowAfterRemoval(rows(1, 2), rows(1, 2), 2), null);
  assert.equal(rowAfterRemoval(rows(1, 2), rows(1), 9), null);
  assert.equal(rowAfterRemoval(rows(2), rows(), 2), null);
});
