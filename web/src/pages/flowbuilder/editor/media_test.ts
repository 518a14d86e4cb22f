import assert from "node:assert/strict";
import { fileIssue } from "./media.ts";

const MB = 1024 * 1024;

Deno.test("files: images png/jpg up to 2 MB, audio ogg/mp3 up to 5 MB, video mp4 up to 16 MB (WhatsApp's, under the spec's 20)", () => {
  assert.equal(fileIssue("img", { name: "a.png", type: "image/png", size: 2 * MB }), null);
  assert.deepEqual(fileIssue("img", { name: "a.jpg", type: "image/jpeg", size: 2 * MB + 1 }), {
    key: "flowEditor.dialog.tooBig",
    params: { max: 2 },
  });
  assert.equal(fileIssue("img", { name: "a.gif", type: "image/gif", size: 10 })?.key, "flowEditor.dialog.wrongType");
  assert.equal(fileIssue("audio", { name: "v.ogg", type: "audio/ogg", size: 5 * MB }), null);
  assert.equal(fileIssue("audio", { name: "v.mp3", type: "", size: 5 * MB + 1 })?.key, "flowEditor.dialog.tooBig");
  assert.equal(fileIssue("audio", { name: "v.wav", type: "audio/wav", size: 1 })?.key, "flowEditor.dialog.wrongType");
  assert.equal(fileIssue("video", { name: "c.mp4", type: "video/mp4", size: 16 * MB }), null);
  assert.equal(fileIssue("video", { name: "c.mov", type: "video/quicktime", size: 1 })?.key, "flowEditor.dialog.wrongType");
  assert.deepEqual(fileIssue("video", { name: "c.mp4", type: "video/mp4", size: 16 * MB + 1 })?.params, { max: 16 });
});
