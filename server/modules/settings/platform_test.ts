import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ADMIN, listen, newCompany, startTestServer } from "../../testing.ts";
import { platformSettings } from "../../../db/control/billing.ts";
import { settings } from "../../../db/tenant/schema.ts";
import { companyRoom } from "../../../contracts/realtime.ts";
import { PLATFORM_COMPANY_ID } from "../companies/access.ts";

const TOKEN = "whsec-gateway-0123456789-abcd";
const ignoredEvent = { id: "evt_created", event: "PAYMENT_CREATED", payment: { externalReference: "1", value: 1 } };

Deno.test("platform secrets: the webhook token is read and set by super users only, answered masked, never published nor kept in clear", async () => {
  const s = await startTestServer();
  try {
    const root = (await s.login(ADMIN.email, ADMIN.password)).token;
    // The platform company's own admin and agent, without the super flag.
    for (const [email, profile] of [["gerente@plataforma.com", "admin"], ["agente@plataforma.com", "user"]]) {
      const made = await s.call("/users", { token: root, body: { name: profile, email, password: "abcde1", profile } });
      assert.equal(made.status, 201, JSON.stringify(made.body));
    }
    const platformAdmin = (await s.login("gerente@plataforma.com", "abcde1")).token;
    const platformAgent = (await s.login("agente@plataforma.com", "abcde1")).token;
    const other = await newCompany(s, root, "Outra Empresa");
    const otherAdmin = (await s.login(other.email, other.password)).token;
    const heard = listen(s, PLATFORM_COMPANY_ID, [companyRoom(PLATFORM_COMPANY_ID, "mainchannel")]);

    for (const token of [platformAdmin, platformAgent, otherAdmin]) {
      const put = await s.call("/settings/asaas", { token, method: "PUT", body: { value: "forjado-forjado-forjado" } });
      assert.equal(put.status, 403, JSON.stringify(put.body));
    }
    const put = await s.call("/settings/asaas", { token: root, method: "PUT", body: { value: TOKEN } });
    assert.deepEqual(put.body, { key: "asaas", value: "••••••••abcd" });

    for (const token of [platformAdmin, platformAgent, otherAdmin]) {
      const list = await s.call("/settings", { token });
      assert.equal(list.status, 200);
      assert.ok(!list.body.some((x: { key: string }) => x.key === "asaas"), JSON.stringify(list.body));
    }
    const superList = await s.call("/settings", { token: root });
    assert.deepEqual(superList.body.find((x: { key: string }) => x.key === "asaas"), { key: "asaas", value: "••••••••abcd" });
    assert.ok(!JSON.stringify(superList.body).includes(TOKEN));
    assert.ok(!JSON.stringify(heard.events).includes("abcd"), JSON.stringify(heard.events));
    heard.stop();

    // At rest: a digest and the mask, not the token.
    const rows = await s.deps.control.db.select().from(platformSettings);
    assert.ok(!JSON.stringify(rows).includes(TOKEN));

    // The forged PUTs changed nothing: the super user's token is the one the webhook takes.
    const hook = (token: string) => s.call("/subscription/webhook", { body: ignoredEvent, headers: { "asaas-access-token": token } });
    assert.equal((await hook("forjado-forjado-forjado")).status, 401);
    assert.equal((await hook(TOKEN)).status, 200);
    // A short token shows nothing of itself; "" clears it and the webhook takes nothing.
    assert.equal((await s.call("/settings/asaas", { token: root, method: "PUT", body: { value: "curto" } })).body.value, "••••••••");
    assert.equal((await s.call("/settings/asaas", { token: root, method: "PUT", body: { value: "" } })).body.value, "");
    assert.equal((await hook("")).status, 401);
  } finally {
    await s.stop();
  }
});

Deno.test("platform secrets: a token kept by an earlier version in the platform company's settings moves to the platform at start and leaves the company", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-test-" });
  try {
    const first = await startTestServer({ dataDir });
    await first.deps.registry.with(PLATFORM_COMPANY_ID, (t) => t.db.insert(settings).values({ key: "asaas", value: TOKEN }));
    await first.stop();
    const s = await startTestServer({ dataDir });
    try {
      const res = await s.call("/subscription/webhook", { body: ignoredEvent, headers: { "asaas-access-token": TOKEN } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const left = await s.deps.registry.with(PLATFORM_COMPANY_ID, (t) => t.db.select().from(settings).where(eq(settings.key, "asaas")));
      assert.deepEqual(left, []);
    } finally {
      await s.stop();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
