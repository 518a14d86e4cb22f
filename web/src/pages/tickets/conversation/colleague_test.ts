import assert from "node:assert/strict";
import { agree, colleagueOf, hasAgreed } from "./colleague.ts";

Deno.test("colleague: a ticket of another user names them; one's own or nobody's does not", () => {
  const ana = { userId: 5, user: { id: 5, name: "Ana" } };
  assert.deepEqual(colleagueOf(ana, 9), { id: 5, name: "Ana" });
  assert.equal(colleagueOf(ana, 5), null);
  assert.equal(colleagueOf({ userId: null, user: null }, 9), null);
  assert.equal(colleagueOf(ana, null), null, "nobody signed in");
});

Deno.test("colleague: the agreement to answer is per user and ticket", () => {
  assert.equal(hasAgreed(9, 100), false);
  agree(9, 100);
  assert.equal(hasAgreed(9, 100), true);
  assert.equal(hasAgreed(9, 101), false);
  assert.equal(hasAgreed(8, 100), false);
});
