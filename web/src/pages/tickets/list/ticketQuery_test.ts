// What the lists and badges ask GET /tickets (run with `deno test web/src`).
import assert from "node:assert/strict";
import {
  botFilter,
  countQuery,
  filterKey,
  idsOf,
  searchFilter,
  statusFilter,
  ticketQuery,
} from "./ticketQuery.ts";
import { keepAvailable, parseQueueSelection } from "./queueSelection.ts";
import { messageEventChangesCounts, ticketEventChangesCounts } from "./ticketCounts.ts";
import { belongsToTab, tabScope } from "./ticketScope.ts";
import * as fixtures from "../testFixtures.ts";

const base = { showAll: false, queueIds: [] };

Deno.test("status lists send the status, showAll and the queue filter; nothing empty", () => {
  assert.deepEqual(ticketQuery(statusFilter("pending", base), 2), {
    status: "pending",
    showAll: false,
    searchParam: undefined,
    pageNumber: 2,
    queueIds: undefined,
    tags: undefined,
    users: undefined,
  });
  const query = ticketQuery(statusFilter("open", { showAll: true, queueIds: [2, 5] }), 1);
  assert.equal(query.showAll, true);
  assert.deepEqual(query.queueIds, [2, 5]);
});

Deno.test("search: every status, trimmed text, tags for all, users for admins only", () => {
  const choices = { text: "  maria ", tags: [4], users: [9] };
  const agent = ticketQuery(searchFilter({ showAll: false, queueIds: [1] }, choices, false), 1);
  assert.equal(agent.status, undefined);
  assert.equal(agent.searchParam, "maria");
  assert.equal(agent.showAll, true);
  assert.deepEqual(agent.tags, [4]);
  assert.equal(agent.users, undefined);
  assert.deepEqual(agent.queueIds, [1]);
  const admin = ticketQuery(searchFilter(base, choices, true), 1);
  assert.deepEqual(admin.users, [9]);
});

Deno.test("badge counts read page 1 of the same status list, never further pages", () => {
  const filter = { showAll: true, queueIds: [3] };
  assert.deepEqual(countQuery("pending", filter), ticketQuery(statusFilter("pending", filter), 1));
  assert.equal(countQuery("open", filter).pageNumber, 1);
  assert.equal(countQuery("open", filter).status, "open");
});

Deno.test("filter keys: equal questions share a key, any change makes a new one", () => {
  const a = statusFilter("open", { showAll: false, queueIds: [2, 1] });
  const b = statusFilter("open", { showAll: false, queueIds: [1, 2] });
  assert.equal(filterKey(a), filterKey(b));
  assert.notEqual(filterKey(a), filterKey({ ...a, showAll: true }));
  assert.notEqual(filterKey(a), filterKey({ ...a, status: "pending" }));
  assert.notEqual(filterKey(a), filterKey({ ...a, searchParam: "x" }));
  assert.notEqual(filterKey(a), filterKey({ ...a, tags: [1] }));
  assert.deepEqual(idsOf(["3", "x", "0", "12"]), [3, 12]);
});

Deno.test("queue selection: stored JSON back to ids; unknown queues dropped", () => {
  assert.deepEqual(parseQueueSelection('[1,2,2,"3",-1]'), [1, 2]);
  assert.deepEqual(parseQueueSelection('{"a":1}'), []);
  assert.deepEqual(parseQueueSelection("not json"), []);
  assert.deepEqual(parseQueueSelection(null), []);
  assert.deepEqual(keepAvailable([1, 2, 7], [2, 7, 9]), [2, 7]);
});

Deno.test("recounts: ticket updates, deletes and reads, new waiting tickets, customers' messages; not acks", () => {
  assert.equal(ticketEventChangesCounts({ action: "update", ticket: {} }), true);
  assert.equal(ticketEventChangesCounts({ action: "delete", ticketId: 1 }), true);
  assert.equal(ticketEventChangesCounts({ action: "updateUnread", ticketId: 1 }), true);
  assert.equal(ticketEventChangesCounts(null), false);
  assert.equal(
    messageEventChangesCounts({ action: "create", message: {}, ticket: { status: "pending" } }),
    true,
  );
  assert.equal(
    messageEventChangesCounts({
      action: "create",
      message: { fromMe: true },
      ticket: { status: "open" },
    }),
    false,
  );
  assert.equal(
    messageEventChangesCounts({
      action: "create",
      message: { fromMe: false },
      ticket: { status: "open" },
    }),
    true,
  );
  assert.equal(messageEventChangesCounts({ action: "update", message: {} }), false);
});

Deno.test("the Bot list asks for the tickets a bot holds; the waiting list's live rows leave them out", () => {
  const base = { showAll: false, queueIds: [] };
  const bot = botFilter(base);
  assert.equal(ticketQuery(bot, 1).chatbot, true);
  assert.equal(ticketQuery(statusFilter("pending", base), 1).chatbot, undefined);
  assert.notEqual(filterKey(bot), filterKey(statusFilter("pending", base)));
  const viewer = { companyId: 1, userId: 7, isAdmin: true, isSupervisor: false, allTicket: false, queueIds: [] };
  const held = fixtures.ticket(2, { status: "pending", userId: null, queueId: null, chatbot: true });
  assert.equal(belongsToTab(held, tabScope(viewer, bot)), true);
  assert.equal(belongsToTab(held, tabScope(viewer, statusFilter("pending", { showAll: true, queueIds: [] }))), false);
  assert.equal(belongsToTab({ ...held, chatbot: false }, tabScope(viewer, bot)), false);
});
