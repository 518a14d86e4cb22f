import assert from "node:assert/strict";
import { otherOwner, restorePatch, UNDO_TOAST_MS, undoToastMs } from "./resolve.ts";

Deno.test("resolve: a colleague's ticket names its owner; one's own or nobody's asks nothing", () => {
  assert.equal(otherOwner({ userId: 2, user: { id: 2, name: "Bia" } }, 1), "Bia");
  assert.equal(otherOwner({ userId: 1, user: { id: 1, name: "Ana" } }, 1), null);
  assert.equal(otherOwner({ userId: null, user: null }, 1), null);
});

Deno.test("resolve: the undo puts back status, attendant and queue", () => {
  assert.deepEqual(restorePatch({ status: "open", userId: 3, queueId: 5 }), {
    status: "open",
    userId: 3,
    queueId: 5,
  });
  assert.deepEqual(restorePatch({ status: "pending", userId: 3, queueId: null }), {
    status: "pending",
    userId: null,
    queueId: null,
  });
});

Deno.test("resolve: Desfazer shows 5 s, never past the server's window, and not at all without one", () => {
  const now = Date.parse("2026-11-24T01:00:00.000Z");
  assert.equal(undoToastMs("2026-11-24T01:00:10.000Z", now), UNDO_TOAST_MS);
  assert.equal(undoToastMs("2026-11-24T01:00:03.000Z", now), 2500);
  assert.equal(undoToastMs("2026-11-24T01:00:00.500Z", now), 0);
  assert.equal(undoToastMs(undefined, now), 0);
});
