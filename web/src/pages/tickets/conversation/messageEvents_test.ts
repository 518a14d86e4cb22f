// A conversation's live message list (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Message } from "../../../api/messages.ts";
import { message } from "../testFixtures.ts";
import { applyAppMessageEvent, mergeOlder, readsAgain, upsertMessage } from "./messageEvents.ts";

const ids = (list: Message[]) => list.map((entry) => entry.id);

Deno.test("older pages go in front without repeats", () => {
  assert.deepEqual(
    ids(mergeOlder([message(4), message(5)], [message(2), message(3), message(4)])),
    [
      2,
      3,
      4,
      5,
    ],
  );
});

Deno.test("upsert appends, replaces in place, and keeps id order", () => {
  const list = [message(1), message(3)];
  assert.deepEqual(ids(upsertMessage(list, message(4))), [1, 3, 4]);
  assert.deepEqual(ids(upsertMessage(list, message(2))), [1, 2, 3]);
  const acked = upsertMessage(list, message(3, { ack: 3 }));
  assert.deepEqual(ids(acked), [1, 3]);
  assert.equal(acked[1].ack, 3);
});

Deno.test("appMessage events apply only to this ticket; updates only to messages shown", () => {
  const list = [message(1), message(2)];
  assert.deepEqual(ids(applyAppMessageEvent(list, { action: "create", message: message(3) }, 1)), [
    1,
    2,
    3,
  ]);
  assert.equal(
    applyAppMessageEvent(list, { action: "create", message: message(3, { ticketId: 2 }) }, 1),
    list,
  );
  const deleted = applyAppMessageEvent(
    list,
    { action: "update", message: message(2, { isDeleted: true }) },
    1,
  );
  assert.equal(deleted[1].isDeleted, true);
  const edited = applyAppMessageEvent(
    list,
    { action: "update", message: message(1, { isEdited: true, body: "fixed" }) },
    1,
  );
  assert.equal(edited[0].body, "fixed");
  assert.equal(applyAppMessageEvent(list, { action: "update", message: message(9) }, 1), list);
  assert.equal(applyAppMessageEvent(list, "nonsense", 1), list);
});

Deno.test("the open ticket is read again when the contact writes to it", () => {
  assert.equal(readsAgain({ action: "create", message: message(5) }, 1), true);
  // Our own message, another ticket, an update or a malformed event: nothing to read.
  assert.equal(readsAgain({ action: "create", message: message(5, { fromMe: true }) }, 1), false);
  assert.equal(readsAgain({ action: "create", message: message(5, { ticketId: 2 }) }, 1), false);
  assert.equal(readsAgain({ action: "update", message: message(5) }, 1), false);
  assert.equal(readsAgain({ action: "create" }, 1), false);
  assert.equal(readsAgain(null, 1), false);
});
