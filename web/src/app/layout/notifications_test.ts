// The notifications bell's rules (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Ticket } from "../../api/tickets.ts";
import * as fixtures from "../../pages/tickets/testFixtures.ts";
import {
  applyTicket,
  type BellViewer,
  initialList,
  markRead,
  needsAttention,
  notificationRooms,
  openTicketUuid,
  removeTicket,
  ringsFor,
  shouldAlert,
  stillRung,
  titleWithCount,
} from "./notifications.ts";

const agent: BellViewer = {
  companyId: 1,
  userId: 7,
  isAdmin: false,
  allTicket: false,
  queueIds: [3],
};
const allTicketAgent: BellViewer = { ...agent, allTicket: true };
const admin: BellViewer = { ...agent, isAdmin: true };

/** The agent's own open ticket (1 unless patched) with one unread message. */
function ticket(patch: Partial<Ticket>): Ticket {
  return fixtures.ticket(patch.id ?? 1, { unreadMessages: 1, ...patch });
}

Deno.test("agents listen to their queues' notification rooms, admins to the company's", () => {
  assert.deepEqual(notificationRooms(agent), ["queue-3-notification", "queue-null-notification"]);
  assert.deepEqual(notificationRooms(admin), ["company-1-notification"]);
});

Deno.test("own open tickets with unread messages need attention", () => {
  assert.equal(needsAttention(ticket({}), agent), true);
  assert.equal(needsAttention(ticket({ unreadMessages: 0 }), agent), false);
  assert.equal(needsAttention(ticket({ userId: 8 }), agent), false);
  assert.equal(needsAttention(ticket({ status: "closed" }), agent), false);
});

Deno.test("waiting tickets show for everyone who may take them, as the waiting list does", () => {
  const waiting = ticket({ status: "pending", userId: null, unreadMessages: 0 });
  assert.equal(needsAttention(waiting, agent), true);
  assert.equal(needsAttention(waiting, allTicketAgent), true);
  assert.equal(needsAttention({ ...waiting, queueId: 9 }, agent), false);
  assert.equal(needsAttention({ ...waiting, queueId: null }, agent), true);
  assert.equal(needsAttention({ ...waiting, queueId: 9 }, admin), true);
});

Deno.test("a ticket rings once while it stays in the bell", () => {
  const a = ticket({ id: 1 });
  assert.deepEqual([...stillRung(new Set([1, 2]), [a])], [1]);
  assert.deepEqual([...stillRung(new Set([1]), [])], []);
});

Deno.test("the tab's title counts what needs the user", () => {
  assert.equal(titleWithCount("Inbox", 0), "Inbox");
  assert.equal(titleWithCount("Inbox", 3), "(3) Inbox");
  assert.equal(titleWithCount("Inbox", 120), "(99+) Inbox");
});

Deno.test("live changes move a ticket to the top or out of the list", () => {
  const a = ticket({ id: 1 });
  const b = ticket({ id: 2, uuid: "uuid-2" });
  let list = applyTicket([], a, agent);
  list = applyTicket(list, b, agent);
  assert.deepEqual(list.map((entry) => entry.id), [2, 1]);
  list = applyTicket(list, { ...a, unreadMessages: 3 }, agent);
  assert.deepEqual(list.map((entry) => entry.id), [1, 2]);
  list = applyTicket(list, { ...a, status: "closed" }, agent);
  assert.deepEqual(list.map((entry) => entry.id), [2]);
  assert.deepEqual(removeTicket(list, 2), []);
});

Deno.test("reading a ticket clears an open one but keeps a waiting one", () => {
  const open = ticket({ id: 1 });
  const waiting = ticket({ id: 2, status: "pending", userId: null, unreadMessages: 4 });
  const list = [open, waiting];
  assert.deepEqual(markRead(list, 1, allTicketAgent).map((entry) => entry.id), [2]);
  const kept = markRead(list, 2, allTicketAgent);
  assert.equal(kept.find((entry) => entry.id === 2)?.unreadMessages, 0);
});

Deno.test("the first list merges sources, newest first, once each", () => {
  const older = ticket({ id: 1, updatedAt: "2024-01-01T10:00:00Z" });
  const newer = ticket({
    id: 2,
    status: "pending",
    userId: null,
    updatedAt: "2024-01-02T10:00:00Z",
  });
  const list = initialList([[older], [newer, older]], allTicketAgent);
  assert.deepEqual(list.map((entry) => entry.id), [2, 1]);
  assert.deepEqual(
    initialList([[older], [{ ...newer, queueId: 9 }]], agent).map((entry) => entry.id),
    [1],
  );
});

Deno.test("the open conversation is read from the path", () => {
  assert.equal(openTicketUuid("/tickets/abc-123"), "abc-123");
  assert.equal(openTicketUuid("/tickets"), null);
  assert.equal(openTicketUuid("/contacts"), null);
});

Deno.test("a customer message rings unless its conversation is on screen", () => {
  const inbound = { message: { fromMe: false }, ticket: ticket({}) };
  const elsewhere = { openUuid: "other", visible: true };
  assert.equal(shouldAlert(inbound, agent, elsewhere), true);
  assert.equal(shouldAlert(inbound, agent, { openUuid: "uuid-1", visible: true }), false);
  assert.equal(shouldAlert(inbound, agent, { openUuid: "uuid-1", visible: false }), true);
  assert.equal(shouldAlert({ ...inbound, message: { fromMe: true } }, agent, elsewhere), false);
  assert.equal(shouldAlert({ ...inbound, ticket: ticket({ userId: 8 }) }, agent, elsewhere), false);
  const waiting = ticket({ status: "pending", userId: null });
  assert.equal(shouldAlert({ ...inbound, ticket: waiting }, agent, elsewhere), true);
  assert.equal(
    shouldAlert({ ...inbound, ticket: { ...waiting, queueId: 9 } }, agent, elsewhere),
    false,
  );
});

Deno.test("a ticket the bot holds is nobody's yet: not in the bell and no chime, for agents and admins", () => {
  const held = ticket({ status: "pending", userId: null, queueId: null, chatbot: true });
  const context = { openUuid: null, visible: false };
  for (const viewer of [agent, admin]) {
    assert.equal(needsAttention(held, viewer), false);
    assert.deepEqual(applyTicket([], held, viewer), []);
    assert.equal(shouldAlert({ message: { fromMe: false }, ticket: held }, viewer, context), false);
    const routed = { ...held, chatbot: false };
    assert.equal(needsAttention(routed, viewer), true, "once the bot lets go it waits for them");
  }
});

Deno.test("a ticket the bot lets go of rings whoever may take it, unless it is on screen", () => {
  const routed = ticket({ status: "pending", userId: null, queueId: 3, chatbot: false, uuid: "u-9" });
  assert.equal(ringsFor(routed, agent, { openUuid: null, visible: true }), true);
  assert.equal(ringsFor(routed, { ...agent, queueIds: [4] }, { openUuid: null, visible: true }), false);
  assert.equal(ringsFor(routed, agent, { openUuid: "u-9", visible: true }), false);
  assert.equal(ringsFor({ ...routed, chatbot: true }, admin, { openUuid: null, visible: false }), false);
});
