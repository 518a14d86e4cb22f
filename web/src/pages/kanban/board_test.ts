// The kanban board's lanes and the remove-then-add move (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Tag } from "../../api/tags.ts";
import type { Ticket } from "../../api/tickets.ts";
import { ticket } from "../tickets/testFixtures.ts";
import {
  buildLanes,
  collectedData,
  OPEN_LANE,
  parseDraggedTicket,
  planMove,
  runMove,
} from "./board.ts";

const tag = (id: number, name: string, kanban: 0 | 1 = 1): Tag => ({
  id,
  name,
  color: "#A4CCCC",
  kanban,
});
const todo = tag(10, "A fazer");
const done = tag(11, "Feito");
const vip = tag(12, "VIP", 0);
const lanes = new Set([todo.id, done.id]);
const ids = (list: { id: number }[]) => list.map((entry) => entry.id);

Deno.test("the board: the open lane first, then one lane per kanban tag in the server's order", () => {
  const tickets = [
    ticket(1),
    ticket(2, { tags: [done] }),
    ticket(3, { tags: [vip] }),
    ticket(4, { tags: [todo, vip] }),
    ticket(5, { tags: [todo, done] }),
  ];
  const board = buildLanes([done, todo], tickets);
  assert.deepEqual(board.map((lane) => lane.key), [OPEN_LANE, done.id, todo.id]);
  assert.deepEqual(
    ids(board[0].tickets),
    [1, 3],
    "a label that is not a lane leaves the ticket open",
  );
  assert.deepEqual(ids(board[1].tickets), [2, 5]);
  assert.deepEqual(ids(board[2].tickets), [4, 5], "a ticket with two lane tags stands in both");
  assert.deepEqual(buildLanes([], tickets).map((lane) => lane.tickets.length), [5]);
});

Deno.test("a move removes the ticket's lane tag, then adds the target's", () => {
  assert.deepEqual(
    planMove(ticket(1), todo.id, lanes),
    { leave: false, enter: todo.id },
    "from the open lane only adds",
  );
  assert.deepEqual(planMove(ticket(1, { tags: [todo, vip] }), done.id, lanes), {
    leave: true,
    enter: done.id,
  });
  assert.deepEqual(planMove(ticket(1, { tags: [todo] }), OPEN_LANE, lanes), {
    leave: true,
    enter: null,
  });
  assert.deepEqual(planMove(ticket(1, { tags: [todo, done] }), todo.id, lanes), {
    leave: true,
    enter: todo.id,
  });
  assert.equal(
    planMove(ticket(1, { tags: [todo, vip] }), todo.id, lanes),
    null,
    "dropped where it is",
  );
  assert.equal(planMove(ticket(1, { tags: [vip] }), OPEN_LANE, lanes), null);
});

Deno.test("a move calls DELETE then PUT, reports each half, and stops at the first failure", async () => {
  const calls: string[] = [];
  const reported: string[] = [];
  const answer = (tags: Tag[]) => Promise.resolve(ticket(1, { tags }) as Ticket);
  const api = {
    leaveLanes: (id: number) => (calls.push(`DELETE ${id}`), answer([vip])),
    enterLane: (
      id: number,
      tagId: number,
    ) => (calls.push(`PUT ${id}/${tagId}`), answer([done, vip])),
  };
  const moved = await runMove(
    1,
    { leave: true, enter: done.id },
    api,
    (step) => reported.push(step),
  );
  assert.deepEqual(calls, ["DELETE 1", "PUT 1/11"]);
  assert.deepEqual(reported, ["removed", "added"]);
  assert.deepEqual(ids(moved!.tags), [done.id, vip.id]);

  const failing = { ...api, leaveLanes: () => Promise.reject(new Error("ERR_NO_PERMISSION")) };
  calls.length = reported.length = 0;
  await assert.rejects(
    runMove(1, { leave: true, enter: done.id }, failing, (step) => reported.push(step)),
  );
  assert.deepEqual([calls, reported], [[], []], "no PUT after a failed DELETE");
});

Deno.test("collected data is shown only when the ticket has some", () => {
  assert.deepEqual(collectedData(ticket(1)), []);
  assert.deepEqual(collectedData({ ...ticket(1), ticketData: [{ data: {} }, {}] }), []);
  assert.deepEqual(
    collectedData({ ...ticket(1), ticketData: [{ data: { nome: "Ana", idade: 30 } }] }),
    [
      ["nome", "Ana"],
      ["idade", "30"],
    ],
  );
});

Deno.test("a dragged ticket id is read back only when it is one", () => {
  assert.equal(parseDraggedTicket("42"), 42);
  assert.equal(parseDraggedTicket("4.2"), null);
  assert.equal(parseDraggedTicket("x"), null);
  assert.equal(parseDraggedTicket("0"), null);
});
