import assert from "node:assert/strict";
import { CAMPAIGN_SETTINGS_DEFAULTS } from "../../../contracts/campaigns.ts";
import { pickVariant } from "./fill.ts";
import { gapMs } from "./pacing.ts";

const variants = { message1: "um", message2: " ", message3: "", message4: "quatro", message5: "cinco" };

Deno.test("campaign fill: a random pick among the written variants only; none written is null", () => {
  assert.equal(pickVariant(variants, () => 0), "um");
  assert.equal(pickVariant(variants, () => 0.5), "quatro");
  assert.equal(pickVariant(variants, () => 0.999), "cinco");
  assert.equal(pickVariant({ ...variants, message1: "", message4: "", message5: "\n" }, () => 0.3), null);
});

Deno.test("campaign pace: no gap before the first send; jitter below messageInterval; greaterInterval after every longerIntervalAfter", () => {
  const s = { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 60, minGap: 0 };
  assert.equal(gapMs(s, 0, () => 0.99), 0);
  assert.equal(gapMs(s, 1, () => 0.99), 4_000, "a whole number of seconds below 5");
  assert.equal(gapMs(s, 3, () => 0), 60_000);
  assert.equal(gapMs(s, 6, () => 0.5), 62_000);
  assert.equal(gapMs({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 60, minGap: 0 }, 7, () => 0.5), 0, "0 means never");
});

Deno.test("campaign pace: a 0 s interval still waits the minimum gap, 5 s by default; a longer gap is kept", () => {
  const zero = { ...CAMPAIGN_SETTINGS_DEFAULTS, messageInterval: 0, longerIntervalAfter: 0 };
  assert.equal(CAMPAIGN_SETTINGS_DEFAULTS.minGap, 5);
  assert.equal(gapMs(zero, 1, () => 0), 5_000);
  assert.equal(gapMs({ ...zero, messageInterval: 20 }, 1, () => 0.99), 19_000);
  assert.equal(gapMs({ ...zero, minGap: 0 }, 1, () => 0), 0, "only when the operator chose no floor");
});
