import assert from "node:assert/strict";
import { afterLocalMove, type TicketCounts } from "./ticketCounts.ts";

const known: TicketCounts = {
  open: 3,
  pending: 2,
  openUnread: 1,
  pendingUnread: 1,
  chatbot: 0,
  pendingHidden: 0,
};

Deno.test("badges: Resolver takes one from Atendendo at once, Aceitar moves one from Aguardando", () => {
  assert.deepEqual(afterLocalMove(known, { from: "open", to: "closed", unread: false }), {
    ...known,
    open: 2,
  });
  assert.deepEqual(
    afterLocalMove(known, { from: "pending", to: "open", unread: true }),
    { ...known, pending: 1, pendingUnread: 0, open: 4, openUnread: 2 },
  );
  // Not known yet: nothing to shift; never below zero.
  const unknown = { ...known, open: null };
  assert.deepEqual(afterLocalMove(unknown, { from: "open", to: "closed", unread: false }), unknown);
  const none = { ...known, open: 0 };
  assert.deepEqual(afterLocalMove(none, { from: "open", to: "closed", unread: false }), none);
});
