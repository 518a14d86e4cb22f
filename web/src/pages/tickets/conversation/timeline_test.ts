// Merging history pages and note events (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { HistoryTicket } from "../../../api/messages.ts";
import type { TicketNote } from "../../../api/notes.ts";
import { message } from "../testFixtures.ts";
import { applyNoteEvent, emptyHistory, mergeHistoryPage } from "./timeline.ts";

const ticket = (id: number, complete: boolean) =>
  ({ id, complete, status: "closed" }) as HistoryTicket;
const note = (id: number, ticketId = 7) => ({ id, ticketId, note: `n${id}` }) as TicketNote;

Deno.test("history pages: one entry per ticket, complete once any page reached its start, no message twice", () => {
  const one = mergeHistoryPage(emptyHistory, {
    tickets: [ticket(5, false)],
    messages: [message(40, { ticketId: 5 }), message(41, { ticketId: 5 })],
    cursor: "5:40",
  });
  assert.equal(one.cursor, "5:40");
  const two = mergeHistoryPage(one, {
    tickets: [ticket(5, true), ticket(2, true)],
    messages: [
      message(39, { ticketId: 5 }),
      message(41, { ticketId: 5 }),
      message(10, { ticketId: 2 }),
    ],
    cursor: null,
  });
  assert.deepEqual(two.tickets.map((t) => [t.id, t.complete]), [[5, true], [2, true]]);
  assert.deepEqual(two.messages.map((m) => m.id).sort((a, b) => a - b), [10, 39, 40, 41]);
  assert.equal(two.cursor, null);
  // A later page that repeats a ticket as incomplete does not undo it.
  const three = mergeHistoryPage(two, { tickets: [ticket(5, false)], messages: [], cursor: null });
  assert.equal(three.tickets.find((t) => t.id === 5)?.complete, true);
});

Deno.test("note events: a colleague's note for this ticket comes in once, a deleted one goes, others are ignored", () => {
  let notes = applyNoteEvent([], { action: "create", note: note(1) }, 7);
  notes = applyNoteEvent(notes, { action: "create", note: note(1) }, 7);
  notes = applyNoteEvent(notes, { action: "create", note: note(2, 8) }, 7);
  assert.deepEqual(notes.map((n) => n.id), [1]);
  assert.deepEqual(
    applyNoteEvent(notes, { action: "delete", noteId: 1, ticketId: 8 }, 7).length,
    1,
  );
  assert.deepEqual(applyNoteEvent(notes, { action: "delete", noteId: 1, ticketId: 7 }, 7), []);
  assert.equal(applyNoteEvent(notes, null, 7), notes);
});
