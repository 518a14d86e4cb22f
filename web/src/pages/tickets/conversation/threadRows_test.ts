// The rows of the conversation: day lines and the start/end markers (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Message } from "../../../api/messages.ts";
import { buildThreadRows, estimateRowHeight } from "./threadRows.ts";

function message(id: number, createdAt: Date, patch: Partial<Message> = {}): Message {
  return {
    id,
    wid: `w${id}`,
    ticketId: 1,
    contactId: 1,
    body: `m${id}`,
    fromMe: false,
    read: true,
    ack: 1,
    mediaType: "chat",
    mediaUrl: null,
    mediaName: null,
    mediaError: null,
    isDeleted: false,
    isEdited: false,
    quotedMsgId: null,
    quotedMsg: null,
    meta: null,
    userId: null,
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    ...patch,
  };
}

// Local times, so the test holds in any time zone.
const monday = (hour: number, minute = 0) => new Date(2025, 2, 3, hour, minute);
const tuesday = (hour: number) => new Date(2025, 2, 4, hour);

Deno.test("a day line before the first message of each local day", () => {
  const rows = buildThreadRows([
    message(1, monday(0, 0)),
    message(2, monday(23, 59)),
    message(3, tuesday(0)),
    message(4, tuesday(12)),
  ], { startedAt: null, endedAt: null });
  assert.deepEqual(rows.map((row) => row.kind === "message" ? row.message.id : row.kind), [
    "day",
    1,
    2,
    "day",
    3,
    4,
  ]);
  assert.equal(rows[0].key, "day-2025-03-03");
  assert.equal(rows[3].key, "day-2025-03-04");
});

Deno.test("started first, ended last; keys stay the same when an older page goes in front", () => {
  const started = monday(8).toISOString();
  const ended = tuesday(18).toISOString();
  const newer = [message(10, tuesday(9)), message(11, tuesday(10))];
  const first = buildThreadRows(newer, { startedAt: null, endedAt: ended });
  assert.deepEqual(first.map((row) => row.kind), ["day", "message", "message", "ended"]);

  const all = buildThreadRows([message(9, monday(9)), ...newer], { startedAt: started, endedAt: ended });
  assert.deepEqual(all.map((row) => row.kind), [
    "started",
    "day",
    "message",
    "day",
    "message",
    "message",
    "ended",
  ]);
  assert.deepEqual(all[0], { kind: "started", key: "started", at: started });
  // The rows that were already shown keep their keys (and so their measured heights).
  const keys = new Set(all.map((row) => row.key));
  for (const row of first) assert.ok(keys.has(row.key), row.key);
});

Deno.test("no messages: only the markers", () => {
  assert.deepEqual(buildThreadRows([], { startedAt: null, endedAt: null }), []);
  const at = monday(8).toISOString();
  assert.deepEqual(buildThreadRows([], { startedAt: at, endedAt: null }).map((row) => row.kind), [
    "started",
  ]);
});

Deno.test("media rows are guessed taller than text before they are measured", () => {
  const text = estimateRowHeight({ kind: "message", key: "a", message: message(1, monday(1)) });
  const image = estimateRowHeight({
    kind: "message",
    key: "b",
    message: message(2, monday(1), { mediaType: "image" }),
  });
  assert.ok(image > text);
});
