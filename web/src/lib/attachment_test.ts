import assert from "node:assert/strict";
import { accepts, attachmentChange, attachmentOf, attachmentShown } from "./attachment.ts";

const png = { name: "foto.PNG", type: "" };

Deno.test("attachment: a chosen file is uploaded, a removed one deleted, an untouched one left", () => {
  const file = new File(["x"], "a.png", { type: "image/png" });
  assert.equal(attachmentChange(attachmentOf(null)), "none");
  assert.equal(attachmentChange(attachmentOf("a.png")), "none");
  assert.equal(attachmentChange({ ...attachmentOf("a.png"), cleared: true }), "delete");
  assert.equal(attachmentChange({ ...attachmentOf(null), cleared: true }), "none", "nothing to delete");
  assert.equal(attachmentChange({ current: "a.png", file, cleared: true }), "upload");
  assert.deepEqual(attachmentShown({ current: "old.png", file, cleared: false }), { name: "a.png", pending: true });
  assert.deepEqual(attachmentShown({ current: "old.png", file: null, cleared: true }), { name: null, pending: false });
});

Deno.test("attachment: accepted types by MIME type or extension", () => {
  const images = ["image/png", "image/jpeg", ".png", ".jpg", ".jpeg"];
  assert.ok(accepts({ name: "a.jpg", type: "image/jpeg" }, images));
  assert.ok(accepts(png, images), "a missing type falls back to the extension");
  assert.ok(!accepts({ name: "a.gif", type: "image/gif" }, images));
  assert.ok(accepts({ name: "a.gif", type: "image/gif" }, undefined));
});
