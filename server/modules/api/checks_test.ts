// The send API's number checks: the company's known answers first, the connection's caps,
// and WhatsApp's 429 on a check answered as a coded 429 rather than a crash.
import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer } from "../../testing.ts";
import { SandboxSession } from "../../channels/sandbox/provider.ts";

Deno.test("send API: a number is checked once (the next send to it or to its other Brazilian form asks WhatsApp nothing); past the connection's cap 429 ERR_WAPP_CHECK_LIMIT; WhatsApp's 429 is 429 ERR_WAPP_CHECK_RATE_LIMITED", async () => {
  const s = await startTestServer({ env: { NUMBER_CHECKS_PER_HOUR: "3" } });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const phone = s.deps.sessions.session(1, w.id);
    assert.ok(phone instanceof SandboxSession);
    const send = (number: string) =>
      s.call("/api/messages/send", { headers: { authorization: `Bearer ${w.token}` }, body: { number, body: "Pedido enviado" } });

    phone.account("5511987654321", "551187654321");
    const first = await send("5511987654321");
    assert.equal(first.status, 200);
    assert.equal((await send("5511987654321")).body.contactId, first.body.contactId);
    assert.equal((await send("551187654321")).body.contactId, first.body.contactId);
    assert.equal(phone.checks, 1, "one check for three sends");

    phone.rateLimitChecks(1);
    const limited = await send("5511955551801");
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error, "ERR_WAPP_CHECK_RATE_LIMITED");

    assert.equal((await send("5511955551802")).status, 200);
    assert.equal(phone.checks, 3);
    const capped = await send("5511955551803");
    assert.equal(capped.status, 429);
    assert.equal(capped.body.error, "ERR_WAPP_CHECK_LIMIT");
    assert.ok(capped.body.retryAfter > 3500 && capped.body.retryAfter <= 3600, `retryAfter ${capped.body.retryAfter} s`);
    assert.equal(phone.checks, 3, "the capped send asked nothing");
    assert.equal((await send("5511987654321")).status, 200, "a known number still goes past the cap");
  } finally {
    await s.stop();
  }
});
