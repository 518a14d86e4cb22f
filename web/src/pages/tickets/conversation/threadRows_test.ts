// The rows of the conversation: day lines and the start/end markers (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { HistoryTicket, Message } from "../../../api/messages.ts";
import type { TicketNote } from "../../../api/notes.ts";
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

function earlier(id: number, complete: boolean, patch: Partial<HistoryTicket> = {}): HistoryTicket {
  return {
    id,
    uuid: `u-${id}`,
    status: "closed",
    createdAt: monday(8).toISOString(),
    closedAt: monday(9).toISOString(),
    updatedAt: monday(9).toISOString(),
    user: { id: 1, name: "Ana" },
    queue: null,
    whatsapp: null,
    complete,
    ...patch,
  };
}

function noted(id: number, moment: Date): TicketNote {
  return {
    id,
    note: `nota ${id}`,
    ticketId: 9,
    contactId: 1,
    userId: 1,
    user: { id: 1, name: "Ana" },
    createdAt: moment.toISOString(),
  };
}

const none = { startedAt: null, endedAt: null };

Deno.test("earlier tickets come above the ticket, oldest first, each under its divider once its start is loaded", () => {
  const old = sent(1, monday(8), { ticketId: 3 });
  const older = sent(2, monday(8, 30), { ticketId: 3 });
  const other = sent(5, monday(10), { ticketId: 4 });
  const current = sent(9, tuesday(9), { ticketId: 9 });
  const rows = buildThreadRows([current], { startedAt: tuesday(8).toISOString(), endedAt: null }, {
    // In any order, as pages bring them.
    history: { tickets: [earlier(4, false), earlier(3, true)], messages: [other, older, old] },
  });
  assert.deepEqual(rows.map((row) => row.key), [
    "h-3",
    "m-1",
    "m-2",
    "ended-3",
    "m-5",
    "ended-4",
    "started",
    "m-9",
  ], "ticket 4 is not complete: no divider above its loaded part yet");
  const readOnly = rows.filter((row) => row.kind === "message" && row.readOnly).map((row) =>
    row.key
  );
  assert.deepEqual(
    readOnly,
    ["m-1", "m-2", "m-5"],
    "earlier messages cannot be answered or deleted",
  );
  assert.deepEqual(rows.map((row) => row.kind === "message" && row.newDay), [
    false,
    true,
    false,
    false,
    false,
    false,
    false,
    true,
  ]);
});

Deno.test("a history page in front keeps the rows already shown, the divider arriving with the first message", () => {
  const first = buildThreadRows([sent(9, tuesday(9), { ticketId: 9 })], none, {
    history: { tickets: [earlier(3, false)], messages: [sent(2, monday(9), { ticketId: 3 })] },
  });
  const more = buildThreadRows([sent(9, tuesday(9), { ticketId: 9 })], none, {
    history: {
      tickets: [earlier(3, true)],
      messages: [sent(2, monday(9), { ticketId: 3 }), sent(1, monday(8), { ticketId: 3 })],
    },
  });
  assert.equal(first[0].key, "m-2");
  assert.deepEqual(more.map((row) => row.key), ["h-3", "m-1", "m-2", "ended-3", "m-9"]);
  const keys = new Set(more.map((row) => row.key));
  for (const row of first) assert.ok(keys.has(row.key), row.key);
});

Deno.test("notes sit among the messages at their time, and wait while older than the loaded page", () => {
  const messages = [sent(10, monday(10)), sent(11, monday(12))];
  const notes = [noted(2, monday(11)), noted(1, monday(9)), noted(3, monday(13))];
  const partial = buildThreadRows(messages, none, { notes });
  assert.deepEqual(partial.map((row) => row.key), ["m-10", "n-2", "m-11", "n-3"]);
  const whole = buildThreadRows(messages, none, { notes, allLoaded: true });
  assert.deepEqual(whole.map((row) => row.key), ["n-1", "m-10", "n-2", "m-11", "n-3"]);
  assert.deepEqual(
    whole.map((row) => row.kind === "note" || row.kind === "message" ? row.newDay : null),
    [
      true,
      false,
      false,
      false,
      false,
    ],
  );
  // A ticket with no message yet still shows its notes once known to be whole.
  assert.deepEqual(
    buildThreadRows([], none, { notes: [noted(1, monday(9))], allLoaded: true }).map((r) => r.kind),
    [
      "note",
    ],
  );
});
