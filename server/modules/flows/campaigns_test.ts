// /flowcampaign: the original client's calls and shapes, the phrase's rules, who may
// delete, and company isolation (real server, real SQLite).
import assert from "node:assert/strict";
import {
  ADMIN,
  listen,
  newCompany,
  sandboxConnection,
  startTestServer,
  type TestServer,
} from "../../testing.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

async function withServer(
  fn: (s: TestServer, token: string, whatsappId: number, flowId: number) => Promise<void>,
) {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const flow = await s.call("/flowbuilder", { token, body: { name: "Promoções" } });
    await fn(s, token, w.id, flow.body.id);
  } finally {
    await s.stop();
  }
}

Deno.test("flow campaigns: created, read, listed and edited as the original client sends and reads them", async () => {
  await withServer(async (s, token, whatsappId, flowId) => {
    const events = listen(s, 1);
    // CampaignModalPhrase's create: no status, no match.
    const made = await s.call("/flowcampaign", {
      token,
      body: { name: "Black Friday", flowId, whatsappId, phrase: "  Quero PROMOÇÃO " },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.deepEqual(
      [
        made.body.name,
        made.body.flowId,
        made.body.whatsappId,
        made.body.phrase,
        made.body.match,
        made.body.status,
      ],
      ["Black Friday", flowId, whatsappId, "Quero PROMOÇÃO", "equals", true],
    );
    const id = made.body.id;
    // The list page reads res.data.flow; the dialog reads res.data.details.
    const list = await s.call("/flowcampaign/", { token });
    assert.deepEqual(list.body.flow.map((c: { id: number }) => c.id), [id]);
    const one = await s.call(`/flowcampaign/${id}`, { token });
    assert.deepEqual(
      [
        one.body.details.name,
        one.body.details.phrase,
        one.body.details.status,
        one.body.details.flowId,
        one.body.details.whatsappId,
      ],
      ["Black Friday", "Quero PROMOÇÃO", true, flowId, whatsappId],
    );
    // Its edit sends everything, status included; ours adds match.
    const edited = await s.call("/flowcampaign", {
      token,
      method: "PUT",
      body: { id, name: "Black Friday 2", flowId, whatsappId, phrase: "promo", status: false },
    });
    assert.deepEqual([edited.status, edited.body.name, edited.body.status, edited.body.match], [
      200,
      "Black Friday 2",
      false,
      "equals",
    ]);
    const matched = await s.call("/flowcampaign", {
      token,
      method: "PUT",
      body: { id, match: "startsWith", status: true },
    });
    assert.deepEqual([matched.body.match, matched.body.phrase, matched.body.status], [
      "startsWith",
      "promo",
      true,
    ]);

    const deleted = await s.call(`/flowcampaign/${id}`, { token, method: "DELETE" });
    assert.equal(deleted.status, 204);
    assert.deepEqual((await s.call("/flowcampaign", { token })).body.flow, []);
    assert.equal(
      (await s.call(`/flowcampaign/${id}`, { token })).body.error,
      "ERR_NO_FLOW_CAMPAIGN_FOUND",
    );
    assert.deepEqual(
      events.events.filter((e) => e.event === companyEvent(1, "flowCampaign")).map((e) =>
        e.data.action
      ),
      ["create", "update", "update", "delete"],
    );
    events.stop();
  });
});

Deno.test("flow campaigns: the flow and the connection must exist, the phrase be set, a regex safe, and one connection's active phrases distinct", async () => {
  await withServer(async (s, token, whatsappId, flowId) => {
    const post = (body: Record<string, unknown>) =>
      s.call("/flowcampaign", {
        token,
        body: { name: "C", flowId, whatsappId, phrase: "oi", ...body },
      });
    // The original sends whatsappId null when none was chosen.
    for (
      const [body, field] of [
        [{ whatsappId: null }, "whatsappId"],
        [{ phrase: "   " }, "phrase"],
        [{ name: "" }, "name"],
        [{ flowId: undefined }, "flowId"],
        [{ match: "fuzzy" }, "match"],
        [{ phrase: "x".repeat(201) }, "phrase"],
      ] as const
    ) {
      const r = await post(body);
      assert.deepEqual(
        [r.status, r.body.error, r.body.field],
        [400, "ERR_VALIDATION", field],
        JSON.stringify(body),
      );
    }
    assert.equal((await post({ flowId: 999 })).body.error, "ERR_NO_FLOW_FOUND");
    const noWapp = await post({ whatsappId: 999 });
    assert.deepEqual([noWapp.status, noWapp.body.error, noWapp.body.field], [
      404,
      "ERR_NO_WAPP_FOUND",
      "whatsappId",
    ]);
    const bad = await post({ match: "regex", phrase: "(a+)+$" });
    assert.deepEqual([bad.status, bad.body.error, bad.body.reason], [
      400,
      "ERR_FLOW_CAMPAIGN_REGEX",
      "unsafe",
    ]);
    assert.equal((await post({ match: "regex", phrase: "([a-z" })).body.reason, "invalid");
    assert.equal((await post({ match: "regex", phrase: "^pedido\\s*\\d+$" })).status, 201);

    const first = await post({ phrase: "Promoção" });
    assert.equal(first.status, 201);
    const same = await post({ phrase: "  promocao  " });
    assert.deepEqual([same.status, same.body.error, same.body.campaignId], [
      409,
      "ERR_FLOW_CAMPAIGN_PHRASE_TAKEN",
      first.body.id,
    ]);
    // Another way of matching, an inactive one, or another connection: no clash.
    assert.equal((await post({ phrase: "promocao", match: "contains" })).status, 201);
    const off = await post({ phrase: "promocao", status: false });
    assert.equal(off.status, 201);
    const on = await s.call("/flowcampaign", {
      token,
      method: "PUT",
      body: { id: off.body.id, status: true },
    });
    assert.deepEqual(
      [on.status, on.body.error],
      [409, "ERR_FLOW_CAMPAIGN_PHRASE_TAKEN"],
      "switching it on meets the clash",
    );
    const w2 = await sandboxConnection(s, token, "Outra");
    assert.equal((await post({ phrase: "promoção", whatsappId: w2.id })).status, 201);
    // Saving a campaign unchanged is no clash with itself.
    assert.equal(
      (await s.call("/flowcampaign", {
        token,
        method: "PUT",
        body: { id: first.body.id, phrase: "PROMOÇÃO" },
      })).status,
      200,
    );
    assert.equal(
      (await s.call("/flowcampaign", { token, method: "PUT", body: { id: 999, phrase: "x" } })).body
        .error,
      "ERR_NO_FLOW_CAMPAIGN_FOUND",
    );
  });
});

Deno.test("flow campaigns: supervisors manage them but only admins (delete-contact permission) delete; agents and other companies reach none", async () => {
  await withServer(async (s, token, whatsappId, flowId) => {
    const made = await s.call("/flowcampaign", {
      token,
      body: { name: "C", flowId, whatsappId, phrase: "oi" },
    });
    const id = made.body.id;
    for (const profile of ["supervisor", "user"]) {
      const r = await s.call("/users", {
        token,
        body: { name: profile, email: `${profile}@example.com`, password: "abcde1", profile },
      });
      assert.equal(r.status, 201);
    }
    const sup = (await s.login("supervisor@example.com", "abcde1")).token;
    const agent = (await s.login("user@example.com", "abcde1")).token;
    assert.equal(
      (await s.call("/flowcampaign", { token: sup, method: "PUT", body: { id, name: "Editada" } }))
        .status,
      200,
    );
    const supDelete = await s.call(`/flowcampaign/${id}`, { token: sup, method: "DELETE" });
    assert.deepEqual([supDelete.status, supDelete.body.error], [403, "ERR_NO_PERMISSION"]);
    for (
      const [path, method] of [["/flowcampaign", "GET"], [`/flowcampaign/${id}`, "GET"], [
        `/flowcampaign/${id}`,
        "DELETE",
      ]] as const
    ) {
      assert.equal((await s.call(path, { token: agent, method })).status, 403, `${method} ${path}`);
    }

    const co = await newCompany(s, token, "Vizinha");
    const other = (await s.login(co.email, co.password)).token;
    assert.deepEqual((await s.call("/flowcampaign", { token: other })).body.flow, []);
    for (
      const [path, method, body] of [
        [`/flowcampaign/${id}`, "GET", undefined],
        ["/flowcampaign", "PUT", { id, name: "Roubada" }],
        [`/flowcampaign/${id}`, "DELETE", undefined],
      ] as const
    ) {
      const r = await s.call(path, { token: other, method, body });
      assert.deepEqual(
        [r.status, r.body.error],
        [404, "ERR_NO_FLOW_CAMPAIGN_FOUND"],
        `${method} ${path}`,
      );
    }
    // Our flow and connection ids name nothing in their company.
    const theirs = await s.call("/flowcampaign", {
      token: other,
      body: { name: "C", flowId, whatsappId, phrase: "oi" },
    });
    assert.equal(theirs.status, 404);
    assert.equal((await s.call(`/flowcampaign/${id}`, { token })).body.details.name, "Editada");
  });
});
