import assert from "node:assert/strict";
import { ADMIN, startTestServer } from "../../testing.ts";

type Quick = { id: number; shortcode: string; status: boolean };

Deno.test("quick answers carry the spec's status: an inactive one is kept and listed on its page but not offered to the composer", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const offered = async () =>
      (await s.call("/quick-messages/list", { token })).body.map((q: Quick) => q.shortcode);

    const active =
      (await s.call("/quick-messages", { token, body: { shortcode: "ola", message: "Olá!" } }))
        .body;
    assert.equal(active.status, true, "active by default");
    const paused = await s.call("/quick-messages", {
      token,
      body: { shortcode: "promo", message: "Promoção", geral: true, status: false },
    });
    assert.deepEqual([paused.status, paused.body.status], [201, false]);

    assert.deepEqual(await offered(), ["ola"]);
    const page =
      (await s.call("/quick-messages?searchParam=&pageNumber=1", { token })).body.records;
    assert.deepEqual(page.map((q: Quick) => [q.shortcode, q.status]), [["ola", true], [
      "promo",
      false,
    ]]);

    assert.equal(
      (await s.call(`/quick-messages/${paused.body.id}`, {
        token,
        method: "PUT",
        body: { status: true },
      })).body.status,
      true,
    );
    assert.deepEqual(await offered(), ["ola", "promo"]);
    await s.call(`/quick-messages/${active.id}`, { token, method: "PUT", body: { status: false } });
    assert.deepEqual(await offered(), ["promo"]);
    assert.equal((await s.call(`/quick-messages/${active.id}`, { token })).body.status, false);
    assert.equal(
      (await s.call(`/quick-messages/${active.id}`, {
        token,
        method: "PUT",
        body: { status: "sim" },
      })).body.field,
      "status",
    );
  } finally {
    await s.stop();
  }
});
