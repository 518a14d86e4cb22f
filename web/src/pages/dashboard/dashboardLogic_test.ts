// Dashboard rules and formats (run with `deno test web/src`).
import assert from "node:assert/strict";
import { i18n } from "../../i18n/index.ts";
import {
  checkFilter,
  dailySeries,
  daysBetween,
  formatDuration,
  hourlySeries,
  monthStart,
  ratingStars,
  seriesTotal,
  usersSeries,
  validRange,
} from "./dashboardLogic.ts";

Deno.test("average times read as HHh mmm from minutes", () => {
  assert.equal(formatDuration(0), "00h 00m");
  assert.equal(formatDuration(5), "00h 05m");
  assert.equal(formatDuration(90), "01h 30m");
  assert.equal(formatDuration(59.6), "01h 00m");
  assert.equal(formatDuration(1500), "25h 00m");
  assert.equal(formatDuration(Number.NaN), "00h 00m");
  assert.equal(formatDuration(-3), "00h 00m");
});

Deno.test("the filter needs a period or a date", () => {
  assert.deepEqual(checkFilter({ mode: "period", from: "", to: "", days: null }), {
    ok: false,
    reason: "empty",
  });
  assert.deepEqual(checkFilter({ mode: "date", from: "", to: "", days: 7 }), {
    ok: false,
    reason: "empty",
  });
  assert.deepEqual(checkFilter({ mode: "period", from: "2024-01-01", to: "", days: 15 }), {
    ok: true,
    filter: { days: 15 },
  });
  assert.deepEqual(checkFilter({ mode: "date", from: "2024-03-01", to: "2024-03-31", days: 7 }), {
    ok: true,
    filter: { date_from: "2024-03-01", date_to: "2024-03-31" },
  });
  // One date alone is that day.
  assert.deepEqual(checkFilter({ mode: "date", from: "", to: "2024-03-05", days: null }), {
    ok: true,
    filter: { date_from: "2024-03-05", date_to: "2024-03-05" },
  });
  assert.deepEqual(
    checkFilter({ mode: "date", from: "2024-03-09", to: "2024-03-05", days: null }),
    {
      ok: false,
      reason: "range",
    },
  );
});

Deno.test("the default range starts on the first of the month", () => {
  assert.equal(monthStart("2024-02-29"), "2024-02-01");
});

Deno.test("ratings show 0 to 3 whole stars", () => {
  assert.equal(ratingStars(0), 0);
  assert.equal(ratingStars(1.4), 1);
  assert.equal(ratingStars(2.5), 3);
  assert.equal(ratingStars(7), 3);
  assert.equal(ratingStars(Number.NaN), 0);
});

Deno.test("one day is drawn per hour with 'Das H:00 as H:59' labels", () => {
  const label = (hour: number) => i18n.getFixedT("pt")("dashboard.charts.hourLabel", { hour });
  const series = hourlySeries([{ horario: 0, total: 2 }, { horario: 13, total: 5 }], label);
  assert.equal(series.labels.length, 24);
  assert.equal(series.labels[0], "Das 0:00 as 0:59");
  assert.equal(series.labels[13], "Das 13:00 as 13:59");
  assert.equal(series.values[13], 5);
  assert.equal(series.values[12], 0);
  assert.equal(seriesTotal(series), 7);
});

Deno.test("a range is drawn per day, every day present", () => {
  assert.deepEqual(daysBetween("2024-02-28", "2024-03-01"), [
    "2024-02-28",
    "2024-02-29",
    "2024-03-01",
  ]);
  assert.deepEqual(daysBetween("2024-03-02", "2024-03-01"), []);
  const series = dailySeries([{ data: "2024-02-29", total: 4 }], "2024-02-28", "2024-03-01");
  assert.deepEqual(series.labels, ["28/02/2024", "29/02/2024", "01/03/2024"]);
  assert.deepEqual(series.values, [0, 4, 0]);
});

Deno.test("tickets without an attendant get a name", () => {
  const series = usersSeries(
    [{ nome: "Ana", quantidade: 3 }, { nome: null, quantidade: 1 }],
    "Sem atendente",
  );
  assert.deepEqual(series, { labels: ["Ana", "Sem atendente"], values: [3, 1] });
});

Deno.test("a chart range needs both days in order", () => {
  assert.equal(validRange("2024-01-01", "2024-01-01"), true);
  assert.equal(validRange("2024-01-02", "2024-01-01"), false);
  assert.equal(validRange("", "2024-01-01"), false);
});
