// Announcement rules and live list updates (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Announcement } from "../../api/announcements.ts";
import {
  applyAnnouncementEvent,
  asAnnouncementEvent,
  initialValues,
  isAcceptedImage,
  priorityStyle,
  validateAnnouncement,
} from "./announcementForm.ts";

function notice(id: number, priority: 1 | 2 | 3, patch: Partial<Announcement> = {}): Announcement {
  return {
    id,
    title: `Aviso ${id}`,
    text: "texto",
    priority,
    status: true,
    mediaPath: null,
    mediaName: null,
    companyId: 1,
    createdAt: "2026-11-24T00:00:00Z",
    ...patch,
  };
}

Deno.test("announcement form: priority 3 and active by default; title and text required; png/jpg only", () => {
  assert.deepEqual(initialValues(null), { title: "", text: "", priority: 3, status: true });
  assert.deepEqual(Object.keys(validateAnnouncement(initialValues(null))).sort(), ["text", "title"]);
  assert.deepEqual(validateAnnouncement({ title: "a", text: "b", priority: 1, status: true }), {});
  assert.ok(isAcceptedImage("foto.JPEG") && isAcceptedImage("a.png") && isAcceptedImage("b.jpg"));
  assert.ok(!isAcceptedImage("anim.gif") && !isAcceptedImage("png"));
  assert.equal(priorityStyle(1).background, "#c62828");
  assert.equal(priorityStyle(1).color, "#ffffff");
});

Deno.test("announcements live: in priority order, newest first; readers drop an inactive one", () => {
  const list = [notice(5, 1), notice(4, 3)];
  const reader = { search: "", hasMore: false, activeOnly: true };
  const created = asAnnouncementEvent({ action: "create", record: notice(6, 2) });
  assert.ok(created);
  const withNew = applyAnnouncementEvent(list, created, reader);
  assert.deepEqual(withNew.map((a) => a.id), [5, 6, 4]);
  const off = asAnnouncementEvent({ action: "update", record: notice(6, 2, { status: false }) })!;
  assert.deepEqual(applyAnnouncementEvent(withNew, off, reader).map((a) => a.id), [5, 4]);
  assert.deepEqual(applyAnnouncementEvent(withNew, off, { ...reader, activeOnly: false }).map((a) => a.id), [5, 6, 4]);
  const gone = asAnnouncementEvent({ action: "delete", id: 5 })!;
  assert.deepEqual(applyAnnouncementEvent(withNew, gone, reader).map((a) => a.id), [6, 4]);
  assert.equal(asAnnouncementEvent({ action: "create", record: { id: 1 } }), null);
});
