// Weekly hours: the HH:MM mask and the day rules (run with `deno test web/src`).
import assert from "node:assert/strict";
import { dayIssue, defaultWeek, firstBadDay, fullWeek, isClosed, maskTime } from "./weekHours.ts";

Deno.test("HH:MM mask: four digits, a colon after the hours", () => {
  assert.equal(maskTime(""), "");
  assert.equal(maskTime("0"), "0");
  assert.equal(maskTime("08"), "08");
  assert.equal(maskTime("083"), "08:3");
  assert.equal(maskTime("0830"), "08:30");
  assert.equal(maskTime("08:30"), "08:30");
  assert.equal(maskTime("083015"), "08:30", "a fifth digit is dropped");
  assert.equal(maskTime("8h3O"), "83", "letters are dropped");
  assert.equal(maskTime("08:"), "08", "erasing the minutes erases the colon");
});

Deno.test("a day is closed (both empty or 00:00), or open from a valid start to a later end", () => {
  assert.equal(isClosed({ startTime: "", endTime: "" }), true);
  assert.equal(isClosed({ startTime: "00:00", endTime: "00:00" }), true);
  assert.equal(dayIssue({ startTime: "00:00", endTime: "00:00" }), null);
  assert.equal(dayIssue({ startTime: "08:00", endTime: "18:00" }), null);
  assert.deepEqual(dayIssue({ startTime: "08:0", endTime: "18:00" }), {
    field: "startTime",
    issue: { key: "weekHours.invalidTime" },
  });
  assert.deepEqual(dayIssue({ startTime: "24:00", endTime: "" }), {
    field: "startTime",
    issue: { key: "weekHours.invalidTime" },
  });
  assert.deepEqual(dayIssue({ startTime: "08:00", endTime: "18:60" }), {
    field: "endTime",
    issue: { key: "weekHours.invalidTime" },
  });
  assert.deepEqual(dayIssue({ startTime: "18:00", endTime: "08:00" }), {
    field: "endTime",
    issue: { key: "weekHours.endBeforeStart" },
  });
  assert.deepEqual(dayIssue({ startTime: "08:00", endTime: "08:00" }), {
    field: "endTime",
    issue: { key: "weekHours.endBeforeStart" },
  });
});

Deno.test("the default week and a stored week in Monday-first order", () => {
  const week = defaultWeek();
  assert.deepEqual(week.map((d) => d.weekdayEn), [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
  ]);
  assert.deepEqual(week.map((d) => `${d.startTime}-${d.endTime}`), [
    "08:00-18:00",
    "08:00-18:00",
    "08:00-18:00",
    "08:00-18:00",
    "08:00-18:00",
    "08:00-12:00",
    "00:00-00:00",
  ]);
  assert.equal(firstBadDay(week), -1);
  assert.deepEqual(fullWeek([]), week);
  const stored = fullWeek([{
    weekday: "Domingo",
    weekdayEn: "sunday",
    startTime: "09:00",
    endTime: "13:00",
  }]);
  assert.equal(stored[6].startTime, "09:00");
  assert.equal(stored[0].weekday, "Segunda-feira");
  assert.ok(isClosed(stored[0]), "a day missing from the stored week is closed");
  assert.equal(
    firstBadDay([...week.slice(0, 2), { ...week[2], endTime: "07:00" }, ...week.slice(3)]),
    2,
  );
});
