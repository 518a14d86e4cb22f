import assert from "node:assert/strict";
import { tagListNotice } from "./tagChoice.ts";

Deno.test("tag picker: 'no tag found' only when the typed name cannot be created either", () => {
  assert.equal(tagListNotice(false, false), "app.loading");
  assert.equal(tagListNotice(true, true), null);
  assert.equal(tagListNotice(true, false), "chat.tags.empty");
});
