// Weekly hours: the HH:MM mask, the default and stored week, and the server's day rules
// (run with `deno test web/src`).
import assert from "node:assert/strict";
import { defaultWeek, isClosed, maskTime, validateWeek, weekFrom } from "./weeklyHours.ts";

const withDay = (weekdayEn: string, startTime: string, endTime: string) =>
  defaultWeek().map((day) => day.weekdayEn === weekdayEn ? { ...day, startTime, endTime } : day);

Deno.test("the HH:MM mask keeps four digits and puts the colon after the hours", () => {
  const typed: [string, string, string?][] = [
    ["", ""],
    ["8", "8"],
    ["08", "08"],
    ["083", "08:3"],
    ["0830", "08:30"],
    ["08:30", "08:30"],
    ["08:305", "08:30"],
    ["083015", "08:30", "a fifth digit is dropped"],
    ["ab1x2:3y4", "12:34"],
    ["8h3O", "83", "letters are dropped"],
    ["08:", "08", "erasing the minutes erases the colon"],
  ];
  for (const [input, masked, why] of typed) assert.equal(maskTime(input), masked, why ?? input);
});

Deno.test("the default week and a stored week come back as seven days, Monday first", () => {
  assert.deepEqual(
    defaultWeek().map((d) => `${d.weekday} ${d.weekdayEn} ${d.startTime}-${d.endTime}`),
    [
      "Segunda-feira monday 08:00-18:00",
      "Terça-feira tuesday 08:00-18:00",
      "Quarta-feira wednesday 08:00-18:00",
      "Quinta-feira thursday 08:00-18:00",
      "Sexta-feira friday 08:00-18:00",
      "Sábado saturday 08:00-12:00",
      "Domingo sunday 00:00-00:00",
    ],
  );
  assert.deepEqual(weekFrom([]), defaultWeek());
  assert.deepEqual(weekFrom(null), defaultWeek());
  const stored = [
    { weekday: "Domingo", weekdayEn: "sunday", startTime: "09:00", endTime: "13:00" },
    { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "07:00", endTime: "17:00" },
  ];
  const week = weekFrom(stored);
  assert.deepEqual(week.map((d) => d.weekdayEn), defaultWeek().map((d) => d.weekdayEn));
  assert.equal(week[0].weekday, "Segunda-feira");
  assert.equal(week[0].startTime, "07:00");
  assert.equal(week[6].startTime, "09:00");
  assert.equal(week[6].endTime, "13:00");
  assert.deepEqual([week[3].startTime, week[3].endTime], ["", ""], "a day not stored is closed");
  assert.ok(isClosed(week[3]));
});

Deno.test("a day is closed with both times empty or both 00:00", () => {
  assert.equal(isClosed({ startTime: "", endTime: "" }), true);
  assert.equal(isClosed({ startTime: "00:00", endTime: "00:00" }), true);
  assert.equal(isClosed({ startTime: "00:00", endTime: "" }), false);
  assert.equal(isClosed({ startTime: "08:00", endTime: "18:00" }), false);
});

Deno.test("the week's rules match the server's: HH:MM, end after start, both times or none", () => {
  const cases: [string, string, string, Record<string, { key: string }>, string?][] = [
    ["saturday", "", "", {}, "both empty: closed"],
    ["saturday", "00:00", "00:00", {}, "both 00:00: closed"],
    ["monday", "8:0", "18:00", { "schedules.0.startTime": { key: "hours.errors.time" } }],
    ["monday", "08:0", "18:00", { "schedules.0.startTime": { key: "hours.errors.time" } }],
    ["tuesday", "08:00", "24:00", { "schedules.1.endTime": { key: "hours.errors.time" } }],
    ["tuesday", "08:00", "18:60", { "schedules.1.endTime": { key: "hours.errors.time" } }],
    ["wednesday", "18:00", "08:00", { "schedules.2.endTime": { key: "hours.errors.order" } }],
    ["wednesday", "08:00", "07:00", { "schedules.2.endTime": { key: "hours.errors.order" } }],
    ["thursday", "10:00", "10:00", { "schedules.3.endTime": { key: "hours.errors.order" } }],
    ["friday", "08:00", "", { "schedules.4.endTime": { key: "hours.errors.both" } }],
    ["sunday", "", "12:00", { "schedules.6.startTime": { key: "hours.errors.both" } }],
    ["sunday", "24:00", "", {
      "schedules.6.startTime": { key: "hours.errors.time" },
      "schedules.6.endTime": { key: "hours.errors.both" },
    }, "each field says its own problem"],
  ];
  assert.deepEqual(validateWeek(defaultWeek()), {}, "the default week, closed Sunday included");
  for (const [weekdayEn, start, end, issues, why] of cases) {
    assert.deepEqual(
      validateWeek(withDay(weekdayEn, start, end)),
      issues,
      why ?? `${weekdayEn} ${start}-${end}`,
    );
  }
});
