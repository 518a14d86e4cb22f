// The menu never shows an entry that leads nowhere (issue 21): every entry's path is a page
// the router knows how to load.
import assert from "node:assert/strict";
import { menuEntries } from "./menu.ts";
import { pageLoadOf } from "../routeLoad.ts";

Deno.test("every menu entry leads to a page the app loads (none falls through to the desk)", () => {
  const nowhere = menuEntries.filter((entry) => !pageLoadOf(entry.path)).map((e) => e.path);
  assert.deepEqual(nowhere, []);
});
