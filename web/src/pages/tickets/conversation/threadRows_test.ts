// The rows of the conversation: day lines and the start/end markers (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Message } from "../../../api/messages.ts";
import { message } from "../testFixtures.ts";
import { buildThreadRows, estimateRowHeight } from "./threadRows.ts";

function sent(id: number, moment: Date, patch: Partial<Message> = {}): Message {
  return message(id, {
    createdAt: moment.toISOString(),
    updatedAt: moment.toISOString(),
    ...patch,
  });
}

// Local times, so the test holds in any time zone.
const monday = (hour: number, minute = 0) => new Date(2025, 2, 3, hour, minute);
const tuesday = (hour: number) => new Date(2025, 2, 4, hour);

Deno.test("the first message of each local day carries the day line", () => {
  const rows = buildThreadRows([
    sent(1, monday(0, 0)),
    sent(2, monday(23, 59)),
    sent(3, tuesday(0)),
    sent(4, tuesday(12)),
  ], { startedAt: null, endedAt: null });
  assert.deepEqual(
    rows.map((row) => row.kind === "message" ? [row.message.id, row.newDay] : row.kind),
    [[1, true], [2, false], [3, true], [4, false]],
  );
  assert.deepEqual(rows.map((row) => row.key), ["m-1", "m-2", "m-3", "m-4"]);
});

Deno.test("an older page of the same day moves the day line up to its first message", () => {
  const newer = buildThreadRows([sent(5, monday(10)), sent(6, monday(11))], {
    startedAt: null,
    endedAt: null,
  });
  const all = buildThreadRows([
    sent(4, monday(9)),
    sent(5, monday(10)),
    sent(6, monday(11)),
  ], {
    startedAt: null,
    endedAt: null,
  });
  // The row at the top of the view before (m-5) is still there, under the older one.
  assert.deepEqual(newer.map((row) => row.key), ["m-5", "m-6"]);
  assert.deepEqual(all.map((row) => row.key), ["m-4", "m-5", "m-6"]);
  assert.deepEqual(all.map((row) => row.kind === "message" && row.newDay), [true, false, false]);
});

Deno.test("started first, ended last; keys stay the same when an older page goes in front", () => {
  const started = monday(8).toISOString();
  const ended = tuesday(18).toISOString();
  const newer = [sent(10, tuesday(9)), sent(11, tuesday(10))];
  const first = buildThreadRows(newer, { startedAt: null, endedAt: ended });
  assert.deepEqual(first.map((row) => row.kind), ["message", "message", "ended"]);

  const all = buildThreadRows([sent(9, monday(9)), ...newer], {
    startedAt: started,
    endedAt: ended,
  });
  assert.deepEqual(all.map((row) => row.kind), [
    "started",
    "message",
    "message",
    "message",
    "ended",
  ]);
  assert.deepEqual(all.map((row) => row.kind === "message" && row.newDay), [
    false,
    true,
    true,
    false,
    false,
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

Deno.test("media rows, and rows with a day line, are guessed taller before they are measured", () => {
  const text = sent(1, monday(1));
  const plain = estimateRowHeight({ kind: "message", key: "a", message: text, newDay: false });
  const dated = estimateRowHeight({ kind: "message", key: "a", message: text, newDay: true });
  const image = estimateRowHeight({
    kind: "message",
    key: "b",
    message: sent(2, monday(1), { mediaType: "image" }),
    newDay: false,
  });
  assert.ok(image > plain);
  assert.ok(dated > plain);
});
