// The composer's text helpers (run with `deno test web/src`).
import assert from "node:assert/strict";
import { clock, formatFileSize, insertText, isSendable } from "./composerText.ts";

Deno.test("an emoji goes where the caret is, replacing the selection", () => {
  assert.deepEqual(insertText("Olá mundo", 4, 4, "😀"), { text: "Olá 😀mundo", caret: 6 });
  assert.deepEqual(insertText("Olá mundo", 4, 9, "😀"), { text: "Olá 😀", caret: 6 });
  assert.deepEqual(insertText("", 0, 0, "👍"), { text: "👍", caret: 2 });
  // A caret past the end (stale) appends.
  assert.deepEqual(insertText("ab", 10, 10, "!"), { text: "ab!", caret: 3 });
});

Deno.test("empty or whitespace-only text is never sent", () => {
  assert.equal(isSendable(""), false);
  assert.equal(isSendable("   \n\t "), false);
  assert.equal(isSendable(" a "), true);
});

Deno.test("file sizes for the preview", () => {
  assert.equal(formatFileSize(0), "0 B");
  assert.equal(formatFileSize(980), "980 B");
  assert.equal(formatFileSize(1536), "1,5 KB");
  assert.equal(formatFileSize(1536, "en"), "1.5 KB");
  assert.equal(formatFileSize(5 * 1024 * 1024), "5 MB");
  assert.equal(formatFileSize(150 * 1024), "150 KB");
});

Deno.test("recording timer mm:ss", () => {
  assert.equal(clock(0), "00:00");
  assert.equal(clock(9), "00:09");
  assert.equal(clock(75), "01:15");
  assert.equal(clock(3600), "60:00");
});
