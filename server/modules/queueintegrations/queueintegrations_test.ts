import assert from "node:assert/strict";
import {
  ADMIN,
  listen,
  loggedLines,
  newCompany,
  startTestServer,
  type TestServer,
} from "../../testing.ts";
import { startFakeGoogle } from "../../integrations/dialogflow/fake_google.ts";
import { queueIntegrations } from "../../../db/tenant/integrations.ts";

const typebot = {
  type: "typebot",
  name: "Typebot vendas",
  projectName: "",
  jsonContent: "",
  language: "",
  urlN8N: "https://typebot.example.org",
  typebotSlug: "vendas",
  typebotExpires: "",
  typebotDelayMessage: null,
  typebotKeywordFinish: "sair",
  typebotKeywordRestart: "reiniciar",
  typebotRestartMessage: "Vamos recomeçar.",
  typebotUnknownMessage: "Não entendi.",
  promptId: null,
};

async function withServer(
  fn: (s: TestServer, token: string) => Promise<void>,
  env: Record<string, string> = {},
) {
  const s = await startTestServer(Object.keys(env).length ? { env } : {});
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    await fn(s, token);
  } finally {
    await s.stop();
  }
}

Deno.test("an admin creates, pages, searches, reads, edits and deletes integrations with the spec's shapes and Typebot's defaults", async () => {
  await withServer(async (s, token) => {
    const created = await s.call("/queueIntegration", { token, body: typebot });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.typebotExpires, 1);
    assert.equal(created.body.typebotDelayMessage, 1000);
    assert.equal(created.body.language, "pt-BR");
    assert.equal(created.body.promptId, null);
    const n8n = await s.call("/queueIntegration/", {
      token,
      body: { type: "n8n", name: "Automação n8n", urlN8N: "https://n8n.example.org/webhook/abc" },
    });
    assert.equal(n8n.status, 201, JSON.stringify(n8n.body));

    const all = await s.call("/queueIntegration/?searchParam=&pageNumber=1", { token });
    assert.equal(all.status, 200);
    assert.deepEqual(all.body.queueIntegrations.map((i: { name: string }) => i.name), [
      "Automação n8n",
      "Typebot vendas",
    ]);
    assert.equal(all.body.count, 2);
    assert.equal(all.body.hasMore, false);
    const found = await s.call("/queueIntegration/?searchParam=TYPEBOT&pageNumber=1", { token });
    assert.deepEqual(found.body.queueIntegrations.map((i: { id: number }) => i.id), [
      created.body.id,
    ]);

    const one = await s.call(`/queueIntegration/${created.body.id}/`, { token });
    assert.equal(one.body.typebotSlug, "vendas");
    const edited = await s.call(`/queueIntegration/${created.body.id}`, {
      token,
      method: "PUT",
      body: { ...one.body, typebotDelayMessage: 2500, typebotExpires: "5" },
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.typebotDelayMessage, 2500);
    assert.equal(edited.body.typebotExpires, 5);

    const clash = await s.call(`/queueIntegration/${created.body.id}`, {
      token,
      method: "PUT",
      body: { ...one.body, name: "Automação n8n" },
    });
    assert.equal(clash.status, 409);
    assert.equal(clash.body.error, "ERR_QUEUE_INTEGRATION_NAME_EXISTS");

    assert.equal(
      (await s.call(`/queueIntegration/${created.body.id}`, { token, method: "DELETE" })).status,
      200,
    );
    const gone = await s.call(`/queueIntegration/${created.body.id}`, { token });
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error, "ERR_NO_QUEUE_INTEGRATION_FOUND");
  });
});

Deno.test("the name (2 to 50, the spec's messages) and each type's own fields are validated", async () => {
  await withServer(async (s, token) => {
    const refused = async (body: Record<string, unknown>) => {
      const r = await s.call("/queueIntegration", { token, body });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.error, "ERR_VALIDATION");
      return r.body;
    };
    assert.equal((await refused({ ...typebot, name: "a" })).message, "name: Too Short!");
    assert.equal((await refused({ ...typebot, name: "x".repeat(51) })).message, "name: Too Long!");
    assert.equal((await refused({ ...typebot, name: undefined })).message, "name: Required");
    assert.equal((await refused({ ...typebot, name: "  " })).message, "name: Required");
    assert.equal((await refused({ ...typebot, typebotSlug: "" })).field, "typebotSlug");
    assert.equal((await refused({ ...typebot, urlN8N: "" })).field, "urlN8N");
    assert.equal(
      (await refused({ ...typebot, urlN8N: "ftp://typebot.example.org" })).field,
      "urlN8N",
    );
    assert.equal((await refused({ type: "webhook", name: "Gancho" })).field, "urlN8N");
    assert.equal(
      (await refused({ type: "dialogflow", name: "Agente", jsonContent: "{}", language: "pt-BR" }))
        .field,
      "projectName",
    );
    assert.equal(
      (await refused({ type: "dialogflow", name: "Agente", projectName: "p", language: "pt-BR" }))
        .field,
      "jsonContent",
    );
    assert.equal(
      (await refused({
        type: "dialogflow",
        name: "Agente",
        projectName: "p",
        language: "fr",
        jsonContent: "{}",
      })).field,
      "language",
    );
    assert.equal((await refused({ type: "flowbuilder", name: "Fluxo" })).field, "flowId");
    assert.equal((await refused({ type: "telegram", name: "Outro" })).field, "type");
    const badKey = await s.call("/queueIntegration", {
      token,
      body: {
        type: "dialogflow",
        name: "Agente",
        projectName: "p",
        language: "pt-BR",
        jsonContent: '{"private_key": 1}',
      },
    });
    assert.equal(badKey.status, 400);
    assert.equal(badKey.body.error, "ERR_DIALOGFLOW_CREDENTIALS");
    assert.equal((await s.call("/queueIntegration/?pageNumber=1", { token })).body.count, 0);
  });
});

Deno.test("a flowbuilder integration runs a flow of the company, never another company's, and keeps it from being deleted", async () => {
  await withServer(async (s, root) => {
    const other = await newCompany(s, root, "Outra");
    const otherToken = (await s.login(other.email, other.password)).token;
    const theirs = await s.call("/flowbuilder", {
      token: otherToken,
      body: { name: "Fluxo deles" },
    });
    assert.equal(theirs.status, 201, JSON.stringify(theirs.body));
    const theirId = theirs.body.id ?? theirs.body.flow?.id;
    const mine = await s.call("/flowbuilder", { token: root, body: { name: "Meu fluxo" } });
    const myId = mine.body.id ?? mine.body.flow?.id;
    assert.notEqual(myId, undefined);
    // Company databases number their flows alike: make sure the other's id is not also one of ours.
    const missing = Math.max(myId, theirId) + 1;
    const refused = await s.call("/queueIntegration", {
      token: root,
      body: { type: "flowbuilder", name: "Fluxo", flowId: missing },
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.field, "flowId");
    const ok = await s.call("/queueIntegration", {
      token: root,
      body: { type: "flowbuilder", name: "Fluxo", flowId: String(myId) },
    });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.flowId, myId);
    // The flow cannot go while the integration runs it (it would run nothing).
    const del = await s.call(`/flowbuilder/${myId}`, { token: root, method: "DELETE" });
    assert.equal(del.status, 409);
    assert.equal(del.body.error, "ERR_FLOW_USED_BY_INTEGRATION");
    assert.deepEqual(del.body.queueIntegrations, [{ id: ok.body.id, name: "Fluxo" }]);
  });
});

Deno.test("credentials are sealed, answered masked, kept when the mask comes back, and never in an answer, event or log line", async () => {
  const google = startFakeGoogle();
  try {
    await withServer(async (s, token) => {
      const account = await google.account();
      const keyLine = account.privateKeyPem.split("\n")[5];
      const typedSecret = "n8n-signing-secret-typed-by-admin";
      const ev = listen(s, 1);
      const answers: unknown[] = [];
      const lines = await loggedLines(async () => {
        const df = await s.call("/queueIntegration", {
          token,
          body: {
            type: "dialogflow",
            name: "Agente",
            projectName: "test-project",
            language: "pt-BR",
            jsonContent: account.json,
          },
        });
        assert.equal(df.status, 201, JSON.stringify(df.body));
        assert.match(df.body.jsonContent, /^•+/);
        const n8n = await s.call("/queueIntegration", {
          token,
          body: {
            type: "n8n",
            name: "Fluxo n8n",
            urlN8N: "https://n8n.example.org/w",
            secret: typedSecret,
          },
        });
        assert.equal(n8n.body.secret, "••••••••dmin");
        // The dialog sends back what it got: the masks keep the stored credentials.
        const again = await s.call(`/queueIntegration/${df.body.id}`, {
          token,
          method: "PUT",
          body: { ...df.body, name: "Agente 2" },
        });
        assert.equal(again.status, 200, JSON.stringify(again.body));
        const tested = await s.call("/queueIntegration/testSession", {
          token,
          body: {
            projectName: "test-project",
            jsonContent: again.body.jsonContent,
            language: "pt-BR",
            id: df.body.id,
          },
        });
        assert.equal(tested.status, 200, JSON.stringify(tested.body));
        answers.push(df.body, n8n.body, again.body, tested.body);
        answers.push(
          (await s.call("/queueIntegration/", { token })).body,
          (await s.call(`/queueIntegration/${n8n.body.id}`, { token })).body,
        );
        // A mistyped key is refused without being echoed.
        const bad = await s.call("/queueIntegration/testSession", {
          token,
          body: {
            projectName: "test-project",
            jsonContent: account.json.replace("client_email", "client_mail"),
            language: "pt-BR",
          },
        });
        assert.equal(bad.status, 400);
        answers.push(bad.body);
        // A typed value replaces the stored one.
        const replaced = await s.call(`/queueIntegration/${n8n.body.id}`, {
          token,
          method: "PUT",
          body: { ...n8n.body, secret: "another-secret-of-the-admin-xyz9" },
        });
        assert.equal(replaced.body.secret, "••••••••xyz9");
        answers.push(replaced.body);
      });
      ev.stop();
      const rows = await s.deps.registry.with(1, (t) => t.db.select().from(queueIntegrations));
      assert.ok(
        lines.some((l) => l.includes("/queueIntegration/testSession")),
        "the calls were logged",
      );
      const seen = JSON.stringify({ answers, events: ev.events, lines, rows });
      for (
        const plain of [keyLine, typedSecret, "another-secret-of-the-admin", account.clientEmail]
      ) {
        assert.ok(!seen.includes(plain), `${plain.slice(0, 12)}… leaked`);
      }
      assert.ok(
        ev.events.some((e) =>
          e.event === "company-1-queueIntegration" && e.data.action === "update"
        ),
      );
      // What is stored opens to the credential typed (sealed, not lost).
      const df = rows.find((r) => r.type === "dialogflow")!;
      assert.equal(
        await s.deps.secrets.open(
          { companyId: 1, field: "integration.jsonContent" },
          df.jsonContent,
        ),
        account.json,
      );
    }, { DIALOGFLOW_API_URL: google.apiUrl, LOG_LEVEL: "debug" });
  } finally {
    await google.close();
  }
});

Deno.test("the server makes the n8n and webhook signing secret when none is typed, and a type change drops the other type's credentials", async () => {
  await withServer(async (s, token) => {
    const hook = await s.call("/queueIntegration", {
      token,
      body: { type: "webhook", name: "Gancho", urlN8N: "http://127.0.0.1:9/hook", secret: "" },
    });
    assert.equal(hook.status, 201);
    assert.match(hook.body.secret, /^••••••••.{4}$/);
    const stored = () => s.deps.registry.with(1, (t) => t.db.select().from(queueIntegrations));
    const [row] = await stored();
    const made = await s.deps.secrets.open(
      { companyId: 1, field: "integration.secret" },
      row.secret,
    );
    assert.ok(made.length >= 32);
    const typebotNow = await s.call(`/queueIntegration/${hook.body.id}`, {
      token,
      method: "PUT",
      body: { ...typebot, name: "Gancho" },
    });
    assert.equal(typebotNow.status, 200, JSON.stringify(typebotNow.body));
    assert.equal(typebotNow.body.secret, "");
    const [after] = await stored();
    assert.equal(after.secret, "");
  });
});

Deno.test('testSession runs detectIntent("Olá") with the request\'s credentials and stores nothing', async () => {
  const google = startFakeGoogle();
  try {
    await withServer(async (s, token) => {
      const account = await google.account();
      const r = await s.call("/queueIntegration/testSession", {
        token,
        body: { projectName: "test-project", jsonContent: account.json, language: "es" },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(r.body.messages, ["Olá! Você disse: Olá", "Como posso ajudar?"]);
      assert.equal(r.body.ended, false);
      assert.equal(google.detectCalls.at(-1)?.text, "Olá");
      assert.equal(google.detectCalls.at(-1)?.languageCode, "es");
      assert.equal((await s.call("/queueIntegration/", { token })).body.count, 0);
      const refused = await s.call("/queueIntegration/testSession", {
        token,
        body: { projectName: "forbidden", jsonContent: account.json, language: "pt-BR" },
      });
      assert.equal(refused.status, 502);
      assert.equal(refused.body.error, "ERR_DIALOGFLOW_REFUSED");
      assert.equal(refused.body.status, 403);
    }, { DIALOGFLOW_API_URL: google.apiUrl });
  } finally {
    await google.close();
  }
});

Deno.test("deleting an integration a connection or queue hands conversations to is refused, naming them", async () => {
  await withServer(async (s, token) => {
    const i = await s.call("/queueIntegration", { token, body: typebot });
    const q = await s.call("/queue", {
      token,
      body: { name: "Vendas", color: "#123456", integrationId: i.body.id },
    });
    assert.equal(q.status, 201, JSON.stringify(q.body));
    const refused = await s.call(`/queueIntegration/${i.body.id}`, { token, method: "DELETE" });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error, "ERR_QUEUE_INTEGRATION_IN_USE");
    assert.deepEqual(refused.body.queues, [{ id: q.body.id, name: "Vendas" }]);
    assert.deepEqual(refused.body.whatsapps, []);
    await s.call(`/queue/${q.body.id}`, { token, method: "PUT", body: { integrationId: null } });
    assert.equal(
      (await s.call(`/queueIntegration/${i.body.id}`, { token, method: "DELETE" })).status,
      200,
    );
  });
});

Deno.test("another company's integrations are out of reach: not listed, read, edited, deleted or tested", async () => {
  await withServer(async (s, root) => {
    const mine = await s.call("/queueIntegration", { token: root, body: typebot });
    const other = await newCompany(s, root, "Vizinha");
    const token = (await s.login(other.email, other.password)).token;
    const theirs = await s.call("/queueIntegration", {
      token,
      body: { ...typebot, name: "Deles" },
    });
    assert.equal(theirs.status, 201);
    // Both companies' databases start numbering at 1: the id alone must not reach across.
    assert.equal(theirs.body.id, mine.body.id);
    assert.deepEqual(
      (await s.call("/queueIntegration/", { token })).body.queueIntegrations.map((
        i: { name: string },
      ) => i.name),
      ["Deles"],
    );
    const put = await s.call(`/queueIntegration/${mine.body.id}`, {
      token,
      method: "PUT",
      body: { ...typebot, name: "Tomada" },
    });
    assert.equal(put.status, 200);
    assert.equal(
      (await s.call(`/queueIntegration/${mine.body.id}`, { token: root })).body.name,
      "Typebot vendas",
    );
    assert.equal((await s.call(`/queueIntegration/999`, { token, method: "DELETE" })).status, 404);
    const test = await s.call("/queueIntegration/testSession", {
      token,
      body: { projectName: "p", jsonContent: "••••••••", language: "pt-BR", id: 999 },
    });
    assert.equal(test.status, 404);
    const ev = listen(s, 1);
    await s.call(`/queueIntegration/${theirs.body.id}`, { token, method: "DELETE" });
    ev.stop();
    assert.deepEqual(ev.events, [], "company 1 hears nothing of the other's integrations");
    assert.equal((await s.call(`/queueIntegration/${mine.body.id}`, { token: root })).status, 200);
  });
});

Deno.test("supervisors configure integrations; attendants are refused", async () => {
  await withServer(async (s, root) => {
    for (const profile of ["user", "supervisor"]) {
      const r = await s.call("/users", {
        token: root,
        body: { name: profile, email: `${profile}@example.com`, password: "abcde1", profile },
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    }
    const user = (await s.login("user@example.com", "abcde1")).token;
    const supervisor = (await s.login("supervisor@example.com", "abcde1")).token;
    assert.equal((await s.call("/queueIntegration/", { token: user })).status, 403);
    assert.equal((await s.call("/queueIntegration", { token: user, body: typebot })).status, 403);
    assert.equal(
      (await s.call("/queueIntegration/testSession", {
        token: user,
        body: { projectName: "p", jsonContent: "{}" },
      })).status,
      403,
    );
    assert.equal(
      (await s.call("/queueIntegration", { token: supervisor, body: typebot })).status,
      201,
    );
    assert.equal((await s.call("/queueIntegration/")).status, 401);
  });
});

Deno.test("without the plan's useIntegrations every /queueIntegration call is refused", async () => {
  await withServer(async (s, token) => {
    const created = await s.call("/queueIntegration", { token, body: typebot });
    assert.equal(created.status, 201);
    assert.equal(
      (await s.call("/plans/1", { token, method: "PUT", body: { useIntegrations: false } })).status,
      200,
    );
    for (
      const [path, method, body] of [
        ["/queueIntegration/", "GET", undefined],
        [`/queueIntegration/${created.body.id}`, "GET", undefined],
        ["/queueIntegration", "POST", typebot],
        [`/queueIntegration/${created.body.id}`, "PUT", typebot],
        [`/queueIntegration/${created.body.id}`, "DELETE", undefined],
        ["/queueIntegration/testSession", "POST", {
          projectName: "p",
          jsonContent: "{}",
          language: "pt-BR",
        }],
      ] as const
    ) {
      const r = await s.call(path, { token, method, body });
      assert.equal(r.status, 403, `${method} ${path}`);
      assert.equal(r.body.error, "ERR_PLAN_FEATURE_DISABLED");
    }
  });
});

Deno.test("a mask that is not the stored credential's is refused, never stored as the credential", async () => {
  await withServer(async (s, token) => {
    const hook = await s.call("/queueIntegration", {
      token,
      body: {
        type: "webhook",
        name: "Gancho",
        urlN8N: "https://hooks.example.org/in",
        secret: "the-receivers-signing-key-1234",
      },
    });
    assert.equal(hook.body.secret, "••••••••1234");
    const stale = await s.call(`/queueIntegration/${hook.body.id}`, {
      token,
      method: "PUT",
      body: { ...hook.body, secret: "••••••••9999" },
    });
    assert.equal(stale.status, 400, JSON.stringify(stale.body));
    assert.equal(stale.body.field, "secret");
    const fresh = await s.call("/queueIntegration", {
      token,
      body: { type: "n8n", name: "Novo", urlN8N: "https://n8n.example.org/w", secret: "••••••••" },
    });
    assert.equal(fresh.status, 400);
    assert.equal(fresh.body.field, "secret");
    assert.equal(
      (await s.call(`/queueIntegration/${hook.body.id}`, { token })).body.secret,
      "••••••••1234",
    );
  });
});

Deno.test("an installation that denies private addresses refuses an n8n URL and a key's token_uri that point inside, before calling them", async () => {
  const google = startFakeGoogle();
  try {
    await withServer(async (s, token) => {
      const inside = await s.call("/queueIntegration", {
        token,
        body: {
          ...typebot,
          type: "n8n",
          name: "n8n interno",
          urlN8N: "http://10.0.0.8:5678/webhook/x",
        },
      });
      assert.deepEqual([inside.status, inside.body.error, inside.body.field], [
        400,
        "ERR_ADDRESS_NOT_ALLOWED",
        "urlN8N",
      ]);
      const account = await google.account();
      const r = await s.call("/queueIntegration/testSession", {
        token,
        body: { projectName: "test-project", jsonContent: account.json, language: "pt-BR" },
      });
      assert.deepEqual([r.status, r.body.error, r.body.field], [
        400,
        "ERR_ADDRESS_NOT_ALLOWED",
        "jsonContent",
      ]);
      assert.equal(google.tokensIssued(), 0, "the token endpoint was never called");
      assert.equal((await s.call("/queueIntegration/", { token })).body.count, 0);
    }, { DIALOGFLOW_API_URL: google.apiUrl, OUTBOUND_PRIVATE_ADDRESSES: "deny" });
  } finally {
    await google.close();
  }
});
