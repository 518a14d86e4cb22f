import assert from "node:assert/strict";
import { dueNotice } from "./dueNotice.ts";

const paying = { dueDate: "2027-03-13", trialExpiration: null };
const onTrial = { dueDate: "2027-03-13", trialExpiration: "2027-03-13" };

Deno.test("due banner: under 5 days it says the days left, on the day 'today', a trial's end as a trial; 5 days or more, past or no company, nothing", () => {
  assert.deepEqual(dueNotice(3, paying), { key: "session.dueSoon", count: 3 });
  assert.deepEqual(dueNotice(0, paying), { key: "session.dueToday", count: 0 });
  assert.deepEqual(dueNotice(3, onTrial), { key: "session.trialEndsSoon", count: 3 });
  assert.deepEqual(dueNotice(0, onTrial), { key: "session.trialEndsToday", count: 0 });
  // Paid during the trial: the due date moved on, the trial's end is no longer it.
  assert.deepEqual(dueNotice(1, { ...onTrial, dueDate: "2027-04-13" }), {
    key: "session.dueSoon",
    count: 1,
  });
  assert.equal(dueNotice(5, paying), null);
  assert.equal(dueNotice(-1, paying), null);
  assert.equal(dueNotice(null, paying), null);
  assert.equal(dueNotice(2, null), null);
});
