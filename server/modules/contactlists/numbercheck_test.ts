// The background number check against the sandbox phone: answers reused under both forms
// of Brazil's 9th digit, the connection's caps, a back-off after WhatsApp's 429 that page
// views, edits and a restart do not cut short, and a second connection taking over.
import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer, type TestServer, waitFor } from "../../testing.ts";
import { SandboxSession } from "../../channels/sandbox/provider.ts";

type Item = { id: number; name: string; number: string; isWhatsappValid: boolean | null };

function phoneOf(s: TestServer, whatsappId: number) {
  const phone = s.deps.sessions.session(1, whatsappId);
  assert.ok(phone instanceof SandboxSession);
  return phone;
}

async function addItems(s: TestServer, token: string, listId: number, numbers: string[]) {
  for (const [i, number] of numbers.entries()) {
    const r = await s.call("/contact-list-items", { token, body: { name: `N${i} ${number}`, number, contactListId: listId } });
    assert.equal(r.status, 201);
  }
}

const items = async (s: TestServer, token: string, listId: number) =>
  (await s.call(`/contact-list-items?contactListId=${listId}`, { token })).body.contacts as Item[];

const itemRows = (s: TestServer, listId: number) =>
  s.deps.registry.with(1, async (t) =>
    (await t.client.execute({ sql: "SELECT number, is_whatsapp_valid, wa_jid FROM contact_list_items WHERE contact_list_id = ? ORDER BY id", args: [listId] }))
      .rows);

Deno.test("contact list numbers: an answer is reused for days under both forms of a Brazilian number: the other form, in another list, costs WhatsApp no check", async () => {
  const s = await startTestServer({ env: { NUMBER_CHECKS_PER_SECOND: "50" } });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const phone = phoneOf(s, w.id);
    phone.account("5511987654321", "551187654321");
    const a = (await s.call("/contact-lists", { token, body: { name: "Lista A" } })).body;
    await addItems(s, token, a.id, ["5511987654321", "0011900000099"]);
    await s.deps.numberCheck.idle(1);
    await waitFor(async () => (await items(s, token, a.id)).every((i) => i.isWhatsappValid !== null), 3000, "list A checked");
    assert.equal(phone.checks, 2);

    // The 12-digit form, the 13-digit one again and the number without WhatsApp, in another list.
    const b = (await s.call("/contact-lists", { token, body: { name: "Lista B" } })).body;
    await addItems(s, token, b.id, ["551187654321", "5511987654321", "0011900000099"]);
    await s.deps.numberCheck.idle(1);
    await waitFor(async () => (await items(s, token, b.id)).every((i) => i.isWhatsappValid !== null), 3000, "list B checked");
    assert.equal(phone.checks, 2, "answered from the cache");
    assert.deepEqual((await itemRows(s, b.id)).map((r) => [r.number, r.is_whatsapp_valid, r.wa_jid]), [
      ["551187654321", 1, "551187654321@s.whatsapp.net"],
      ["5511987654321", 1, "551187654321@s.whatsapp.net"],
      ["0011900000099", 0, null],
    ]);
  } finally {
    await s.stop();
  }
});

for (const cap of ["NUMBER_CHECKS_PER_HOUR", "NUMBER_CHECKS_PER_DAY"]) {
  Deno.test(`contact list numbers: the background check stops at the connection's cap (${cap}=3) and page views do not push it past`, async () => {
    const s = await startTestServer({ env: { NUMBER_CHECKS_PER_SECOND: "50", [cap]: "3" } });
    try {
      const { token } = await s.login(ADMIN.email, ADMIN.password);
      const w = await sandboxConnection(s, token);
      const phone = phoneOf(s, w.id);
      const list = (await s.call("/contact-lists", { token, body: { name: "Grande" } })).body;
      await addItems(s, token, list.id, [1, 2, 3, 4, 5, 6].map((n) => `55119555516${n}0`));
      await waitFor(() => phone.checks === 3, 3000, "three checks");
      for (let i = 0; i < 5; i++) {
        await items(s, token, list.id);
        await s.deps.numberCheck.idle(1);
      }
      assert.equal(phone.checks, 3, "no check past the cap");
      const left = (await items(s, token, list.id)).filter((i) => i.isWhatsappValid === null);
      assert.equal(left.length, 3, "the rest wait for the window");
    } finally {
      await s.stop();
    }
  });
}

Deno.test("contact list numbers: after WhatsApp's 429 the connection backs off in the database: page views, edits and a restart do not resume it early; a second connection takes over", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-test-" });
  let s = await startTestServer({ dataDir, env: { NUMBER_CHECKS_PER_SECOND: "50" } });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    let phone = phoneOf(s, w.id);
    phone.rateLimitChecks(1);
    const list = (await s.call("/contact-lists", { token, body: { name: "Limitada" } })).body;
    await addItems(s, token, list.id, ["5511955551701"]);
    await waitFor(() => phone.checks === 1, 3000, "the refused check");
    await s.deps.numberCheck.idle(1);
    // Page views and a new item kick the pass: it asks nothing while the back-off lasts.
    await addItems(s, token, list.id, ["5511955551702"]);
    for (let i = 0; i < 3; i++) await items(s, token, list.id);
    await s.deps.numberCheck.idle(1);
    assert.equal(phone.checks, 1);
    const [backoff] = await s.deps.registry.with(1, async (t) =>
      (await t.client.execute("SELECT whatsapp_id, failures, until FROM number_check_backoff")).rows);
    assert.equal(backoff.whatsapp_id, w.id);
    assert.equal(backoff.failures, 1);
    assert.ok(Date.parse(String(backoff.until)) - Date.now() > 9 * 60_000, "backed off for minutes, in the database");

    // A restart reconnects (a kick) and still waits.
    await s.stop();
    s = await startTestServer({ dataDir, env: { NUMBER_CHECKS_PER_SECOND: "50" } });
    const again = (await s.login(ADMIN.email, ADMIN.password)).token;
    await waitFor(() => s.deps.sessions.session(1, w.id) instanceof SandboxSession, 3000, "reconnected");
    phone = phoneOf(s, w.id);
    await items(s, again, list.id);
    await s.deps.numberCheck.idle(1);
    assert.equal(phone.checks, 0, "nothing asked after the restart");

    // Another connection is not backed off: the check goes on there.
    const other = await sandboxConnection(s, again, "Segunda");
    const otherPhone = phoneOf(s, other.id);
    await waitFor(async () => (await items(s, again, list.id)).every((i) => i.isWhatsappValid === true), 3000, "checked on the other connection");
    assert.equal(otherPhone.checks, 2);
    assert.equal(phone.checks, 0);
  } finally {
    await s.stop();
    await Deno.remove(dataDir, { recursive: true });
  }
});
