import assert from "node:assert/strict";
import { isOpen } from "./hours.ts";
import { defaultWeek } from "../modules/companies/weekly-hours.ts";

const week = defaultWeek(); // Mon-Fri 08:00-18:00, Sat 08:00-12:00, Sun closed

Deno.test("hours: the week is read in the company's time zone, not the server's", () => {
  // Monday 2030-01-07 10:30 UTC is 07:30 in São Paulo (UTC-3) and 19:30 in Tokyo (UTC+9).
  const at = new Date("2030-01-07T10:30:00Z");
  assert.equal(isOpen(week, at, "UTC"), true);
  assert.equal(isOpen(week, at, "America/Sao_Paulo"), false, "07:30 local: before opening");
  assert.equal(isOpen(week, at, "Asia/Tokyo"), false, "19:30 local: after closing");
  assert.equal(
    isOpen(week, new Date("2030-01-07T11:00:00Z"), "America/Sao_Paulo"),
    true,
    "08:00 local opens",
  );
  assert.equal(
    isOpen(week, new Date("2030-01-07T20:59:00Z"), "America/Sao_Paulo"),
    true,
    "17:59 local",
  );
  assert.equal(
    isOpen(week, new Date("2030-01-07T21:00:00Z"), "America/Sao_Paulo"),
    false,
    "18:00 local closes",
  );
});

Deno.test("hours: the local day decides the weekday; closed days, and days a stored week never set", () => {
  // Sunday 2030-01-13 01:00 UTC is still Saturday 22:00 in São Paulo: Saturday closes at 12:00.
  assert.equal(isOpen(week, new Date("2030-01-13T01:00:00Z"), "America/Sao_Paulo"), false);
  // Saturday 10:00 local.
  assert.equal(isOpen(week, new Date("2030-01-12T13:00:00Z"), "America/Sao_Paulo"), true);
  // Sunday 10:00 local: 00:00-00:00 is closed.
  assert.equal(isOpen(week, new Date("2030-01-13T13:00:00Z"), "America/Sao_Paulo"), false);
  const blank = week.map((d) =>
    d.weekdayEn === "monday" ? { ...d, startTime: "", endTime: "" } : d
  );
  assert.equal(
    isOpen(blank, new Date("2030-01-07T13:00:00Z"), "America/Sao_Paulo"),
    false,
    "a day with no times is closed",
  );
  const weekdaysOnly = week.filter((d) => d.weekdayEn !== "sunday");
  assert.equal(
    isOpen(weekdaysOnly, new Date("2030-01-13T13:00:00Z"), "America/Sao_Paulo"),
    true,
    "a day never set up is open",
  );
});
