// The calendar's ranges, events, live updates and remembered view (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Schedule } from "../../api/schedules.ts";
import {
  applyCalendarEvent,
  initialView,
  toCalendarItem,
  visibleRange,
  weekStartOf,
} from "./scheduleCalendar.ts";

function at(id: number, sendAt: Date, name = `Contato ${id}`): Schedule {
  return {
    id,
    body: `Mensagem ${id}`,
    sendAt: sendAt.toISOString(),
    sentAt: null,
    status: "PENDENTE",
    contactId: id,
    contact: { id, name, number: `551199999000${id}` },
    ticketId: null,
    userId: 1,
    user: null,
    whatsappId: null,
    error: null,
    dueAt: sendAt.toISOString(),
    attempts: 0,
    attemptAt: null,
    createdAt: sendAt.toISOString(),
    updatedAt: sendAt.toISOString(),
  };
}

// Local dates: the calendar draws the browser's days.
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

Deno.test("calendar: an event sits at sendAt, named by the contact, half an hour long", () => {
  const item = toCalendarItem(at(7, local(2026, 11, 25, 14, 30), "Maria Souza"));
  assert.equal(item.title, "Maria Souza");
  assert.equal(item.start.getTime(), local(2026, 11, 25, 14, 30).getTime());
  assert.equal(item.end.getTime() - item.start.getTime(), 30 * 60_000);
  assert.equal(item.schedule.id, 7);
  const late = toCalendarItem(at(8, local(2026, 11, 25, 23, 45)));
  assert.equal(late.end.getDate(), 25, "a late one ends with its day, not drawn as all-day");
  assert.ok(late.end > late.start);
});

Deno.test("calendar: the month range covers the whole weeks drawn, from the company's week start", () => {
  // November 2026 starts on a Sunday and ends on a Monday.
  const sunday = visibleRange("month", local(2026, 11, 18), 0);
  assert.deepEqual([sunday.from, sunday.to], [local(2026, 11, 1), local(2026, 12, 6)]);
  const monday = visibleRange("month", local(2026, 11, 18), 1);
  assert.deepEqual([monday.from, monday.to], [local(2026, 10, 26), local(2026, 12, 7)]);
});

Deno.test("calendar: week and day ranges", () => {
  // 2026-11-25 is a Wednesday.
  const week = visibleRange("week", local(2026, 11, 25, 15), 1);
  assert.deepEqual([week.from, week.to], [local(2026, 11, 23), local(2026, 11, 30)]);
  const sundayWeek = visibleRange("week", local(2026, 11, 25, 15), 0);
  assert.deepEqual([sundayWeek.from, sundayWeek.to], [local(2026, 11, 22), local(2026, 11, 29)]);
  const day = visibleRange("day", local(2026, 11, 25, 23, 59), 0);
  assert.deepEqual([day.from, day.to], [local(2026, 11, 25), local(2026, 11, 26)]);
});

Deno.test("calendar: live events keep the visible range in order and drop what moved out of it", () => {
  const range = visibleRange("day", local(2026, 11, 25), 0);
  const a = at(1, local(2026, 11, 25, 9));
  const b = at(2, local(2026, 11, 25, 15));
  let items = [a, b];
  items = applyCalendarEvent(
    items,
    { action: "create", schedule: at(3, local(2026, 11, 25, 11)) },
    range,
    "",
  );
  assert.deepEqual(items.map((s) => s.id), [1, 3, 2]);
  items = applyCalendarEvent(
    items,
    { action: "create", schedule: at(4, local(2026, 11, 26, 11)) },
    range,
    "",
  );
  assert.deepEqual(items.map((s) => s.id), [1, 3, 2], "another day's schedule is not drawn");
  items = applyCalendarEvent(
    items,
    { action: "update", schedule: at(1, local(2026, 11, 27, 9)) },
    range,
    "",
  );
  assert.deepEqual(items.map((s) => s.id), [3, 2], "moved to another day: gone from this one");
  items = applyCalendarEvent(items, { action: "delete", scheduleId: 2 }, range, "");
  assert.deepEqual(items.map((s) => s.id), [3]);
  items = applyCalendarEvent(
    items,
    { action: "create", schedule: at(5, local(2026, 11, 25, 8), "Zé") },
    range,
    "maria",
  );
  assert.deepEqual(items.map((s) => s.id), [3], "outside the search");
});

Deno.test("calendar: the remembered view, the day on a phone instead of the month", () => {
  assert.equal(initialView(null, false), "month");
  assert.equal(initialView(null, true), "day");
  assert.equal(initialView("week", false), "week");
  assert.equal(initialView("agenda", true), "agenda");
  assert.equal(initialView("month", true), "day");
  assert.equal(initialView("year", false), "month");
});

Deno.test("calendar: the company's week start", () => {
  assert.equal(weekStartOf([]), 0);
  assert.equal(weekStartOf([{ key: "weekStart", value: "monday" }]), 1);
  assert.equal(weekStartOf([{ key: "weekStart", value: "sunday" }]), 0);
});
