import assert from "node:assert/strict";
import { tags } from "../../../db/tenant/schema.ts";
import { ADMIN, sandboxConnection, startTestServer } from "../../testing.ts";

Deno.test("sandbox: a customer writing while the phone's session is still starting is received once it is up, not refused as not initialised", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    // The company's database is held, so the start (a restart here) cannot finish yet: as when
    // a phone is added and a script writes to it at once.
    let release!: () => void;
    const held = s.deps.registry.with(1, (t) =>
      t.db.transaction(async (tx) => {
        await tx.select().from(tags);
        await new Promise<void>((r) => release = r);
      }));
    const starting = s.deps.sessions.start(1, w.id);
    const written = s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5511955550909", body: "oi, acabei de chegar" } });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await held;
    await starting;
    const answer = await written;
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body[0].body, "oi, acabei de chegar");
  } finally {
    await s.stop();
  }
});
