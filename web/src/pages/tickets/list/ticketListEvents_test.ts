// The live rules of a ticket tab (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Ticket } from "../../../api/tickets.ts";
import { ticket } from "../testFixtures.ts";
import { needsAttention } from "../../../app/layout/notifications.ts";
import { applyMessageEvent, applyTicketEvent } from "./ticketListEvents.ts";
import { searchFilter, statusFilter } from "./ticketQuery.ts";
import {
  belongsToTab,
  mayPeek,
  notificationRooms,
  statusRooms,
  type TabScope,
  tabScope,
  type Viewer,
} from "./ticketScope.ts";

const viewer: Viewer = {
  companyId: 2,
  userId: 7,
  isAdmin: false,
  isSupervisor: false,
  allTicket: false,
  queueIds: [3],
};
const mine = { showAll: false, queueIds: [] };
const open: TabScope = tabScope(viewer, statusFilter("open", mine));
const pending: TabScope = tabScope(viewer, statusFilter("pending", mine));
const ids = (list: Ticket[]) => list.map((entry) => entry.id);

Deno.test("visibility: own tickets, waiting tickets of own queues or none, all with showAll", () => {
  assert.equal(belongsToTab(ticket(1), open), true);
  assert.equal(belongsToTab(ticket(1, { userId: 8 }), open), false);
  assert.equal(belongsToTab(ticket(1, { status: "pending" }), open), false);
  assert.equal(belongsToTab(ticket(1, { status: "pending", userId: null }), pending), true);
  assert.equal(
    belongsToTab(ticket(1, { status: "pending", userId: null, queueId: null }), pending),
    true,
  );
  assert.equal(
    belongsToTab(ticket(1, { status: "pending", userId: null, queueId: 9 }), pending),
    false,
  );
  const all = { showAll: true, queueIds: [] };
  const admin = { ...viewer, isAdmin: true };
  assert.equal(
    belongsToTab(ticket(1, { userId: 8, queueId: 9 }), tabScope(admin, statusFilter("open", all))),
    true,
  );
  // Without showAll an admin sees what anyone else would: own tickets, queues' waiting ones.
  assert.equal(
    belongsToTab(ticket(1, { userId: 8, queueId: 9 }), tabScope(admin, statusFilter("open", mine))),
    false,
  );
  // showAll counts only for admins and users whose allTicket option is enabled.
  assert.equal(tabScope(viewer, statusFilter("open", all)).seesAll, false);
  assert.equal(tabScope({ ...viewer, allTicket: true }, statusFilter("open", all)).seesAll, true);
});

Deno.test("queue filter: only tickets of the chosen queues (never those without a queue)", () => {
  const scope = tabScope(
    { ...viewer, isAdmin: true },
    statusFilter("open", { showAll: true, queueIds: [3] }),
  );
  assert.equal(belongsToTab(ticket(1), scope), true);
  assert.equal(belongsToTab(ticket(1, { queueId: 4 }), scope), false);
  assert.equal(belongsToTab(ticket(1, { queueId: null }), scope), false);
  const list = [ticket(1)];
  assert.deepEqual(
    ids(applyTicketEvent(list, { action: "update", ticket: ticket(1, { queueId: 4 }) }, scope)),
    [],
  );
});

Deno.test("search tab: every status, rows updated in place, no newcomers", () => {
  const scope = tabScope(viewer, searchFilter(mine, { text: "ana", tags: [], users: [] }, false));
  assert.equal(scope.status, null);
  assert.equal(scope.searching, true);
  assert.equal(belongsToTab(ticket(1, { status: "closed" }), scope), true);
  const list = [ticket(1), ticket(2)];
  const closed = applyTicketEvent(list, {
    action: "update",
    ticket: ticket(2, { status: "closed" }),
  }, scope);
  assert.deepEqual(ids(closed), [2, 1]);
  assert.equal(closed[0].status, "closed");
  assert.equal(applyTicketEvent(list, { action: "update", ticket: ticket(3) }, scope), list);
  // A tag filter alone narrows the list too.
  const tagged = tabScope(viewer, searchFilter(mine, { text: "", tags: [5], users: [] }, false));
  assert.equal(tagged.searching, true);
});

Deno.test("peek: admins always; others for their queues' tickets or those without a queue", () => {
  assert.equal(mayPeek({ ...viewer, isAdmin: true }, { queueId: 9 }), true);
  assert.equal(mayPeek(viewer, { queueId: 3 }), true);
  assert.equal(mayPeek(viewer, { queueId: null }), true);
  assert.equal(mayPeek(viewer, { queueId: 9 }), false);
});

Deno.test("rooms: company rooms for admins, their queues' rooms for others", () => {
  const admin = { ...viewer, isAdmin: true };
  assert.deepEqual(statusRooms("open", admin), ["company-2-open"]);
  assert.deepEqual(notificationRooms(admin), ["company-2-notification"]);
  const agent = { ...viewer, queueIds: [3, 4] };
  assert.deepEqual(statusRooms("pending", agent), [
    "queue-3-pending",
    "queue-4-pending",
    "queue-null-pending",
  ]);
  assert.deepEqual(notificationRooms(agent), [
    "queue-3-notification",
    "queue-4-notification",
    "queue-null-notification",
  ]);
});

Deno.test("ticket update: replace and move to top, insert, or remove when it left the tab", () => {
  const list = [ticket(1), ticket(2), ticket(3)];
  const moved = applyTicketEvent(list, {
    action: "update",
    ticket: ticket(3, { lastMessage: "x" }),
  }, open);
  assert.deepEqual(ids(moved), [3, 1, 2]);
  assert.equal(moved[0].lastMessage, "x");
  assert.deepEqual(ids(applyTicketEvent(list, { action: "update", ticket: ticket(4) }, open)), [
    4,
    1,
    2,
    3,
  ]);
  const closed = applyTicketEvent(
    list,
    { action: "update", ticket: ticket(2, { status: "closed" }) },
    open,
  );
  assert.deepEqual(ids(closed), [1, 3]);
  // Someone else's ticket is not shown to a plain user.
  assert.equal(
    applyTicketEvent(list, { action: "update", ticket: ticket(5, { userId: 9 }) }, open),
    list,
  );
  // A search shows only server matches: updates apply, newcomers wait for the server.
  const searching = { ...open, searching: true };
  assert.equal(applyTicketEvent(list, { action: "update", ticket: ticket(4) }, searching), list);
  assert.deepEqual(
    ids(applyTicketEvent(list, { action: "update", ticket: ticket(2) }, searching)),
    [2, 1, 3],
  );
});

Deno.test("ticket update keeps the contact held when the event has none", () => {
  const list = [ticket(1)];
  const bare = { ...ticket(1, { lastMessage: "new" }) } as Partial<Ticket>;
  delete bare.contact;
  const next = applyTicketEvent(list, { action: "update", ticket: bare }, open);
  assert.equal(next[0].contact.name, "Contact 1");
  assert.equal(next[0].lastMessage, "new");
});

Deno.test("ticket delete removes; updateUnread zeroes the badge; unknown ids change nothing", () => {
  const list = [ticket(1, { unreadMessages: 4 }), ticket(2)];
  assert.deepEqual(ids(applyTicketEvent(list, { action: "delete", ticketId: 1 }, open)), [2]);
  const read = applyTicketEvent(list, { action: "updateUnread", ticketId: 1 }, open);
  assert.equal(read[0].unreadMessages, 0);
  assert.equal(applyTicketEvent(list, { action: "delete", ticketId: 99 }, open), list);
  assert.equal(applyTicketEvent(list, { action: "updateUnread", ticketId: 2 }, open), list);
  assert.equal(applyTicketEvent(list, null, open), list);
});

Deno.test("appMessage create: update lastMessage/unread and move to top, or insert", () => {
  const list = [ticket(1), ticket(2)];
  const message = { id: 50, ticketId: 2, body: "hello", fromMe: false };
  const next = applyMessageEvent(list, {
    action: "create",
    message,
    ticket: ticket(2, { lastMessage: "hello", unreadMessages: 1 }),
    contact: ticket(2).contact,
  }, open);
  assert.deepEqual(ids(next), [2, 1]);
  assert.equal(next[0].lastMessage, "hello");
  assert.equal(next[0].unreadMessages, 1);

  const waiting = applyMessageEvent([], {
    action: "create",
    message: { id: 51, ticketId: 9, body: "hi", fromMe: false },
    ticket: ticket(9, { status: "pending", userId: null, lastMessage: "hi", unreadMessages: 1 }),
  }, pending);
  assert.deepEqual(ids(waiting), [9]);

  // Not this tab's ticket: nothing changes.
  assert.equal(
    applyMessageEvent(list, {
      action: "create",
      message: { id: 52, ticketId: 9 },
      ticket: ticket(9, { status: "pending" }),
    }, open),
    list,
  );
  // An update (ack, edit) does not reorder the list.
  assert.equal(applyMessageEvent(list, { action: "update", message }, open), list);
});

Deno.test("appMessage create without its ticket patches the row held", () => {
  const list = [ticket(1), ticket(2, { unreadMessages: 2 })];
  const next = applyMessageEvent(list, {
    action: "create",
    message: {
      id: 60,
      ticketId: 2,
      body: "again",
      fromMe: false,
      createdAt: "2025-02-01T10:00:00Z",
    },
  }, open);
  assert.deepEqual(ids(next), [2, 1]);
  assert.equal(next[0].lastMessage, "again");
  assert.equal(next[0].unreadMessages, 3);
});

Deno.test("visibility: a supervisor under Todos gets every ticket of her queues live, not another queue's", () => {
  const supervisor = { ...viewer, isSupervisor: true };
  const all = tabScope(supervisor, statusFilter("open", { showAll: true, queueIds: [] }));
  assert.equal(
    belongsToTab(ticket(1, { userId: 8, queueId: 3 }), all),
    true,
    "a colleague's, in her queue",
  );
  assert.equal(belongsToTab(ticket(1, { userId: 8, queueId: 9 }), all), false, "another queue's");
  const mineOnly = tabScope(supervisor, statusFilter("open", { showAll: false, queueIds: [] }));
  assert.equal(
    belongsToTab(ticket(1, { userId: 8, queueId: 3 }), mineOnly),
    false,
    "without Todos: her own",
  );
});

Deno.test("visibility: an admin's Aguardando takes a waiting ticket of any queue live, as his bell does", () => {
  const admin: Viewer = { ...viewer, isAdmin: true };
  const scope = tabScope(admin, statusFilter("pending", mine));
  const elsewhere = ticket(1, { status: "pending", userId: null, queueId: 9 });
  assert.equal(belongsToTab(elsewhere, scope), true);
  assert.equal(needsAttention(elsewhere, admin), true, "the bell holds it too");
  // His queue filter still narrows the list.
  assert.equal(belongsToTab(elsewhere, tabScope(admin, statusFilter("pending", { showAll: false, queueIds: [3] }))), false);
});
