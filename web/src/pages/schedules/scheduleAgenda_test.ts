// The agenda's order, day groups and live updates (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Schedule } from "../../api/schedules.ts";
import {
  applyScheduleEvent,
  asScheduleEvent,
  countOnce,
  dayKind,
  formatListMoment,
  groupByDay,
  matchesSearch,
  newlyUncertain,
} from "./scheduleAgenda.ts";

function at(id: number, sendAt: Date, patch: Partial<Schedule> = {}): Schedule {
  return {
    id,
    body: `Mensagem ${id}`,
    sendAt: sendAt.toISOString(),
    sentAt: null,
    status: "PENDENTE",
    contactId: id,
    contact: { id, name: `Contato ${id}`, number: `551199999000${id}` },
    ticketId: null,
    userId: 1,
    user: null,
    whatsappId: null,
    error: null,
    dueAt: sendAt.toISOString(),
    attempts: 0,
    attemptAt: null,
    createdAt: "2025-06-01T00:00:00.000Z",
    updatedAt: "2025-06-01T00:00:00.000Z",
    ...patch,
  };
}

const day = (date: number, hour: number, minute = 0) => new Date(2025, 5, date, hour, minute);
const ids = (items: readonly Schedule[]) => items.map((item) => item.id);

Deno.test("schedules are grouped by their local day, in order", () => {
  const groups = groupByDay([
    at(1, day(10, 0, 0)),
    at(2, day(10, 23, 59)),
    at(3, day(11, 8)),
    at(4, day(13, 8)),
    at(5, day(13, 9)),
  ]);
  assert.deepEqual(groups.map((group) => [group.day, ids(group.schedules)]), [
    ["2025-06-10", [1, 2]],
    ["2025-06-11", [3]],
    ["2025-06-13", [4, 5]],
  ]);
  assert.deepEqual(groupByDay([]), []);
});

Deno.test("list moments read dd/MM/yy HH:mm", () => {
  assert.equal(formatListMoment(new Date(2025, 0, 5, 7, 3).toISOString()), "05/01/25 07:03");
  assert.equal(formatListMoment("not a date"), "");
});

Deno.test("day headings know today and tomorrow", () => {
  const now = new Date(2025, 5, 30, 22, 0);
  assert.equal(dayKind("2025-06-30", now), "today");
  assert.equal(dayKind("2025-07-01", now), "tomorrow");
  assert.equal(dayKind("2025-07-02", now), "other");
  assert.equal(dayKind("2025-06-29", now), "other");
});

Deno.test("search matches the contact name or the text, ignoring case", () => {
  const item = at(1, day(10, 9), {
    body: "Consulta amanhã",
    contact: { id: 1, name: "Maria", number: "1" },
  });
  assert.equal(matchesSearch(item, ""), true);
  assert.equal(matchesSearch(item, "mar"), true);
  assert.equal(matchesSearch(item, "CONSULTA"), true);
  assert.equal(matchesSearch(item, "pedro"), false);
});

Deno.test("a created schedule lands in time order and counts", () => {
  const items = [at(1, day(10, 9)), at(2, day(12, 9))];
  const result = applyScheduleEvent(items, { action: "create", schedule: at(3, day(11, 9)) }, {
    search: "",
    hasMore: false,
  });
  assert.deepEqual(ids(result.items), [1, 3, 2]);
  assert.equal(result.countDelta, 1);
  const last = applyScheduleEvent(items, { action: "create", schedule: at(4, day(20, 9)) }, {
    search: "",
    hasMore: false,
  });
  assert.deepEqual(ids(last.items), [1, 2, 4]);
});

Deno.test("a schedule after the loaded pages waits for its page but still counts", () => {
  const items = [at(1, day(10, 9)), at(2, day(12, 9))];
  const result = applyScheduleEvent(items, { action: "create", schedule: at(3, day(20, 9)) }, {
    search: "",
    hasMore: true,
  });
  assert.deepEqual(ids(result.items), [1, 2]);
  assert.equal(result.countDelta, 1);
});

Deno.test("an update moves the schedule to its new moment without counting it twice", () => {
  const items = [at(1, day(10, 9)), at(2, day(12, 9)), at(3, day(14, 9))];
  const moved = at(1, day(13, 9), { body: "novo" });
  const result = applyScheduleEvent(items, { action: "update", schedule: moved }, {
    search: "",
    hasMore: false,
  });
  assert.deepEqual(ids(result.items), [2, 1, 3]);
  assert.equal(result.items[1].body, "novo");
  assert.equal(result.countDelta, 0);
});

Deno.test("a schedule outside the search leaves the list", () => {
  const items = [at(1, day(10, 9)), at(2, day(12, 9))];
  const outside = applyScheduleEvent(items, { action: "update", schedule: at(2, day(12, 9)) }, {
    search: "Contato 1",
    hasMore: false,
  });
  assert.deepEqual(ids(outside.items), [1]);
  assert.equal(outside.countDelta, -1);
  const ignored = applyScheduleEvent(items, { action: "create", schedule: at(5, day(11, 9)) }, {
    search: "Contato 1",
    hasMore: false,
  });
  assert.deepEqual(ids(ignored.items), [1, 2]);
  assert.equal(ignored.countDelta, 0);
});

Deno.test("a deleted schedule leaves the list and the count", () => {
  const items = [at(1, day(10, 9)), at(2, day(12, 9))];
  const result = applyScheduleEvent(items, { action: "delete", scheduleId: 1 }, {
    search: "",
    hasMore: false,
  });
  assert.deepEqual(ids(result.items), [2]);
  assert.equal(result.countDelta, -1);
  const unknown = applyScheduleEvent(items, { action: "delete", scheduleId: 9 }, {
    search: "",
    hasMore: true,
  });
  assert.equal(unknown.countDelta, 0);
});

Deno.test("an update without the contact is merged into the loaded row, or ignored", () => {
  const items = [at(1, day(10, 9)), at(2, day(12, 9))];
  const sentAt = day(10, 9, 1).toISOString();
  const result = applyScheduleEvent(items, {
    action: "patch",
    patch: { id: 1, status: "ENVIADA", sentAt },
  }, { search: "", hasMore: false });
  assert.deepEqual(ids(result.items), [1, 2]);
  assert.equal(result.items[0].status, "ENVIADA");
  assert.equal(result.items[0].sentAt, sentAt);
  assert.equal(result.items[0].contact.name, "Contato 1");
  assert.equal(result.countDelta, 0);
  const unknown = applyScheduleEvent(items, { action: "patch", patch: { id: 9, status: "ERRO" } }, {
    search: "",
    hasMore: false,
  });
  assert.deepEqual(ids(unknown.items), [1, 2]);
});

Deno.test("a schedule turning INCERTO is noticed once; other changes are not", () => {
  const items = [at(1, day(10, 9)), at(2, day(12, 9), { status: "INCERTO" })];
  const uncertain = { ...items[0], status: "INCERTO" as const };
  assert.equal(newlyUncertain(items, { action: "update", schedule: uncertain })?.id, 1);
  assert.equal(
    newlyUncertain(items, { action: "patch", patch: { id: 1, status: "INCERTO" } })?.contact.name,
    "Contato 1",
  );
  assert.equal(newlyUncertain(items, { action: "update", schedule: items[1] }), null, "already INCERTO");
  assert.equal(newlyUncertain(items, { action: "patch", patch: { id: 9, status: "INCERTO" } }), null);
  assert.equal(
    newlyUncertain(items, { action: "update", schedule: { ...items[0], status: "ENVIADA" } }),
    null,
  );
  assert.equal(newlyUncertain(items, { action: "delete", scheduleId: 1 }), null);
});

Deno.test("realtime payloads are checked before use", () => {
  const schedule = at(1, day(10, 9));
  assert.deepEqual(asScheduleEvent({ action: "create", schedule }), { action: "create", schedule });
  assert.deepEqual(asScheduleEvent({ action: "delete", scheduleId: 4 }), {
    action: "delete",
    scheduleId: 4,
  });
  assert.equal(asScheduleEvent({ action: "create", schedule: { id: 1 } }), null);
  assert.deepEqual(asScheduleEvent({ action: "update", schedule: { id: 1, status: "ENVIADA" } }), {
    action: "patch",
    patch: { id: 1, status: "ENVIADA" },
  });
  assert.equal(asScheduleEvent({ action: "update", schedule: { status: "ENVIADA" } }), null);
  assert.equal(asScheduleEvent({ action: "delete" }), null);
  assert.equal(asScheduleEvent(null), null);
  assert.equal(asScheduleEvent({ action: "other", schedule }), null);
});

Deno.test("a deletion or creation reported by the answer and by the live event counts once, in either order", () => {
  const loaded = [at(1, day(2, 10)), at(2, day(2, 15))];
  const state = { search: "", hasMore: false };
  const seen = new Set<string>();
  const gone = { action: "delete" as const, scheduleId: 2 };
  // Both arrive before the list re-renders: both see schedule 2 still loaded.
  const counted = [gone, gone].map((e) => countOnce(seen, e, applyScheduleEvent(loaded, e, state).countDelta));
  assert.deepEqual(counted, [-1, 0]);
  const made = { action: "create" as const, schedule: at(3, day(3, 9)) };
  assert.deepEqual([made, made].map((e) => countOnce(seen, e, applyScheduleEvent(loaded, e, state).countDelta)), [1, 0]);
  const edited = { action: "update" as const, schedule: at(1, day(2, 11)) };
  assert.equal(countOnce(seen, edited, 0), 0);
});
