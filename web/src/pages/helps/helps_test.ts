import assert from "node:assert/strict";
import type { Help } from "../../api/helps.ts";
import { isVisible, menuEntries } from "../../app/layout/menu.ts";
import { videoEmbedUrl, videoThumbnailUrl } from "../../../../contracts/videos.ts";
import { toHelpInput, validateHelp } from "../settings/helps/helpForm.ts";
import { applyHelpEvent, asHelpEvent } from "./helpList.ts";

const ID = "dQw4w9WgXcQ";
const help = (id: number, title: string): Help => ({
  id,
  title,
  video: ID,
  description: "",
  createdAt: "",
});

Deno.test("help form: a title and a YouTube code or address; what is sent is the id", () => {
  assert.deepEqual(validateHelp({ title: "", video: "", description: "" }), {
    title: { key: "validation.required" },
    video: { key: "validation.required" },
  });
  assert.deepEqual(
    validateHelp({ title: "Filas", video: "https://vimeo.com/1", description: "" }),
    {
      video: { key: "helps.form.invalidVideo" },
    },
  );
  assert.deepEqual(
    validateHelp({ title: "Filas", video: `https://youtu.be/${ID}`, description: "" }),
    {},
  );
  assert.equal(
    validateHelp({ title: "x".repeat(201), video: ID, description: "" }).title?.key,
    "validation.tooLong",
  );
  assert.deepEqual(
    toHelpInput({
      title: " Filas ",
      video: ` https://www.youtube.com/watch?v=${ID}&t=3 `,
      description: " Como ",
    }),
    { title: "Filas", video: ID, description: "Como" },
  );
});

Deno.test("help page: the host's addresses are built from the id only", () => {
  assert.equal(videoThumbnailUrl(ID), `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
  assert.equal(videoEmbedUrl(ID), `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&rel=0`);
  assert.equal(
    new URL(videoEmbedUrl("a/../b?x")).pathname,
    "/embed/a%2F..%2Fb%3Fx",
    "a stray id cannot leave the path",
  );
});

Deno.test("help page: live events keep the list by title; a malformed payload is ignored", () => {
  let list = [help(1, "B"), help(2, "D")];
  list = applyHelpEvent(list, asHelpEvent({ action: "create", record: help(3, "C") })!);
  assert.deepEqual(list.map((h) => h.id), [1, 3, 2]);
  list = applyHelpEvent(list, asHelpEvent({ action: "update", record: help(2, "A") })!);
  assert.deepEqual(list.map((h) => h.title), ["A", "B", "C"]);
  list = applyHelpEvent(list, asHelpEvent({ action: "delete", id: 1 })!);
  assert.deepEqual(list.map((h) => h.id), [2, 3]);
  assert.equal(asHelpEvent({ action: "create", record: { id: 4, title: "x" } }), null);
  assert.equal(asHelpEvent({ action: "delete", id: "1" }), null);
});

Deno.test("help page: in the menu for every user, whatever the plan", () => {
  const entry = menuEntries.find((e) => e.path === "/helps");
  assert.ok(entry);
  assert.equal(isVisible(entry, { isAdmin: false, isSuper: false, plan: null }), true);
});
