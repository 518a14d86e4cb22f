import assert from "node:assert/strict";
import { CAMPAIGN_SETTINGS_DEFAULTS, dailyCapFor } from "../../../contracts/campaigns.ts";
import { calendarDay, holdFor, windowOpens } from "./guards.ts";

const SP = "America/Sao_Paulo";
const facts = { restrictedUntil: null, day: "", daySends: 0, numberSince: "2026-01-01T00:00:00.000Z" };

Deno.test("campaign guards: the send window is the company's wall clock (08:00-20:00 in São Paulo by default), across midnight too", () => {
  const s = CAMPAIGN_SETTINGS_DEFAULTS;
  // 07:30 in São Paulo (UTC-3): opens at 08:00 the same day.
  assert.equal(windowOpens(s, new Date("2026-03-10T10:30:00Z"), SP)?.toISOString(), "2026-03-10T11:00:00.000Z");
  assert.equal(windowOpens(s, new Date("2026-03-10T12:00:00Z"), SP), null, "09:00 is inside");
  // 20:00 is the end: the next opening is tomorrow at 08:00.
  assert.equal(windowOpens(s, new Date("2026-03-10T23:00:00Z"), SP)?.toISOString(), "2026-03-11T11:00:00.000Z");
  const night = { windowStart: "22:00", windowEnd: "06:00" };
  assert.equal(windowOpens(night, new Date("2026-03-11T04:00:00Z"), SP), null, "01:00 is inside a window across midnight");
  assert.equal(windowOpens(night, new Date("2026-03-11T12:00:00Z"), SP)?.toISOString(), "2026-03-12T01:00:00.000Z");
  assert.equal(windowOpens({ windowStart: "00:00", windowEnd: "00:00" }, new Date("2026-03-11T04:00:00Z"), SP), null, "equal: any hour");
});

Deno.test("campaign guards: the daily cap starts low for a new number and ramps up evenly to the full cap", () => {
  const s = CAMPAIGN_SETTINGS_DEFAULTS;
  assert.deepEqual([0, 1, 7, 13, 14, 400].map((d) => dailyCapFor(s, d)), [20, 32, 110, 187, 200, 200]);
  assert.equal(dailyCapFor({ ...s, dailyCap: 0 }, 0), null, "0: no cap");
  assert.equal(dailyCapFor({ ...s, dailyCapRampDays: 0 }, 0), 200, "no ramp");
});

Deno.test("campaign guards: a connection waits for WhatsApp's restriction, then the window, then the day's cap, each with its end", () => {
  const s = CAMPAIGN_SETTINGS_DEFAULTS;
  const now = new Date("2026-03-10T15:00:00Z"); // 12:00 in São Paulo
  assert.equal(holdFor(s, facts, now, SP), null);
  assert.deepEqual(holdFor(s, { ...facts, restrictedUntil: "2026-03-10T18:00:00.000Z" }, now, SP), {
    reason: "ERR_CAMPAIGN_ACCOUNT_RESTRICTED",
    until: new Date("2026-03-10T18:00:00.000Z"),
  });
  assert.equal(holdFor(s, { ...facts, restrictedUntil: "2026-03-10T14:00:00.000Z" }, now, SP), null, "a restriction over holds nothing");
  // A number linked yesterday may send 32 today; the 32nd was sent.
  const young = { ...facts, numberSince: "2026-03-09T12:00:00.000Z", day: calendarDay(now, SP), daySends: 32 };
  assert.deepEqual(holdFor(s, young, now, SP), { reason: "ERR_CAMPAIGN_DAILY_CAP", until: new Date("2026-03-11T03:00:00.000Z") });
  assert.equal(holdFor(s, { ...young, daySends: 31 }, now, SP), null);
  assert.equal(holdFor(s, { ...young, day: "2026-03-09" }, now, SP), null, "yesterday's sends do not count");
  assert.equal(holdFor(s, { ...young, numberSince: "2025-01-01T00:00:00.000Z" }, now, SP), null, "an old number: 200 a day");
});
