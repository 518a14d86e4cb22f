import assert from "node:assert/strict";
import { CalendarJobs, isCronExpression } from "./calendar.ts";
import { loadConfig } from "../config.ts";
import { waitFor } from "../testing.ts";

Deno.test("calendar jobs: run at start and on their cron with the program's clock; two programs in one process keep their own job of the same name", async () => {
  const ran: { who: string; at: string }[] = [];
  const job = (who: string) => ({
    name: "invoices",
    schedule: "* * * * * *",
    run: (now: Date) => Promise.resolve(void ran.push({ who, at: now.toISOString() })),
  });
  const a = new CalendarJobs([job("a")], () => new Date("2027-01-31T06:00:00Z"));
  const b = new CalendarJobs([job("b")]);
  a.start();
  b.start();
  try {
    // Once at start, then at least once more on the second's tick.
    await waitFor(
      () =>
        ran.filter((r) => r.who === "a").length >= 2 &&
        ran.filter((r) => r.who === "b").length >= 2,
      4000,
      "two runs each",
    );
    assert.ok(ran.filter((r) => r.who === "a").every((r) => r.at === "2027-01-31T06:00:00.000Z"));
  } finally {
    await a.stop();
    await b.stop();
  }
  const after = ran.length;
  await new Promise((r) => setTimeout(r, 1200));
  assert.equal(ran.length, after, "no run after stop");
});

Deno.test("calendar jobs: a failing run is logged, not thrown; INVOICE_CRON must be a cron expression", async () => {
  const jobs = new CalendarJobs([{
    name: "broken",
    schedule: "0 6 * * *",
    run: () => Promise.reject(new Error("boom")),
  }]);
  await jobs.run("broken");
  assert.ok(isCronExpression("0 6 * * *"));
  assert.ok(!isCronExpression("every day"));
  assert.equal(loadConfig({}).invoiceCron, "0 6 * * *");
  assert.throws(() => loadConfig({ INVOICE_CRON: "daily" }), /INVOICE_CRON/);
});
