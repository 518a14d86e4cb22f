// The contact search field's rules (run with `deno test web/src`).
import assert from "node:assert/strict";
import { ADD_KEY, offersNewContact, searchEntries, searchReady } from "./contactSearch.ts";

const maria = { id: 4, name: "Maria Silva", number: "5511999990001" };
const ana = { id: 1, name: "Ana", number: "1" };

Deno.test("contact search starts at 3 characters; 'Adicionar' when no exact name matches", () => {
  assert.equal(searchReady("ma"), false);
  assert.equal(searchReady("  mar "), true);
  assert.equal(offersNewContact("ma", []), false);
  assert.equal(offersNewContact("Joana", []), true);
  assert.equal(offersNewContact("maria silva", [maria]), false);
  assert.equal(offersNewContact("Maria", [maria]), true);
});

Deno.test("the chosen contact stays among the options; the add entry comes last", () => {
  const ids = (entries: ReturnType<typeof searchEntries>) => entries.map((entry) => entry.id);
  assert.deepEqual(ids(searchEntries([ana, maria], null, "a", false)), ["1", "4"]);
  assert.deepEqual(ids(searchEntries([ana, maria], maria, "a", false)), ["1", "4"]);
  // A chosen contact without a number (an existing schedule's) is kept too.
  assert.deepEqual(ids(searchEntries([ana], { id: 9, name: "Zé" }, "a", false)), ["9", "1"]);
  const withAdd = searchEntries([maria], null, "Maria", true);
  assert.deepEqual(ids(withAdd), ["4", ADD_KEY]);
  assert.deepEqual(withAdd[1], { id: ADD_KEY, text: "Maria", contact: null });
  assert.equal(withAdd[0].text, "Maria Silva");
});
