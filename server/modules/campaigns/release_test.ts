// A company handed to another instance (cluster/leases.ts) mid-campaign: its runner stops
// between two sends, the campaign stays running, and the next owner's wake goes on from
// the rows, reaching nobody twice.
import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer, waitFor } from "../../testing.ts";
import { campaignRow, makeCampaign, makeList, outbox, runUntil, setSettings, shipping, testClock, UNGUARDED } from "./fixtures/campaign.ts";
import { wakeCampaigns } from "./wake.ts";

Deno.test("campaigns: released mid-run, the runner stops between sends and the campaign resumes from its rows, nobody twice", async () => {
  const clock = testClock([0.5]);
  const s = await startTestServer({ campaignClock: clock.clock });
  try {
    const w = await sandboxConnection(s, (await s.login(ADMIN.email, ADMIN.password)).token);
    await setSettings(s, { ...UNGUARDED, messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const numbers = [1, 2, 3, 4].map((n) => `551195555040${n}`);
    const { list } = await makeList(s, numbers.map((number, i) => ({ name: `R${i}`, number })));
    const c = await makeCampaign(s, { status: "EM_ANDAMENTO", startedAt: new Date().toISOString(), whatsappId: w.id, contactListId: list.id });
    // While the runner waits before its third send, the company is handed over.
    let released: Promise<void> | undefined;
    let seen = 0;
    clock.holdWith(() => {
      if (++seen === 2) released = s.campaigns.release(1);
      return Promise.resolve();
    });
    await wakeCampaigns(s.deps.timers, 1);
    await waitFor(() => released !== undefined, 4000, "the release");
    await released;
    await s.campaigns.idle(1);
    assert.equal((await campaignRow(s, c.id)).status, "EM_ANDAMENTO", "released, not canceled");
    assert.deepEqual((await outbox(s)).map((m) => m.number), numbers.slice(0, 2), "nothing after the release");

    clock.holdWith(null);
    await runUntil(s, c.id, "FINALIZADA");
    assert.deepEqual((await outbox(s)).map((m) => m.number), numbers, "each number once, in list order");
    assert.deepEqual((await shipping(s, c.id)).map((r) => r.status), ["sent", "sent", "sent", "sent"]);
  } finally {
    await s.stop();
  }
});
