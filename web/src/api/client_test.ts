// The one API client: multipart bodies and a per-call bearer (run with `deno test web/src`).
import assert from "node:assert/strict";
import { configureClient, request } from "./client.ts";
import { isApiError } from "./errors.ts";
import { sendApi } from "./whatsapps.ts";

interface Seen {
  url: string;
  init: RequestInit;
}

function stubFetch(answer: () => Response): { calls: Seen[]; restore: () => void } {
  const original = globalThis.fetch;
  const calls: Seen[] = [];
  globalThis.fetch = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(answer());
  }) as typeof fetch;
  return { calls, restore: () => (globalThis.fetch = original) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

Deno.test("a FormData body goes out as is, without a JSON content type", async () => {
  const stub = stubFetch(() => json(201, []));
  try {
    const form = new FormData();
    form.append("number", "5511999999999");
    await request("/sandbox/1/inbound", { method: "POST", body: form, auth: false });
    const headers = stub.calls[0].init.headers as Record<string, string>;
    assert.equal(stub.calls[0].init.body, form);
    assert.equal("Content-Type" in headers, false);
  } finally {
    stub.restore();
  }
});

Deno.test("a File body (a company's export to import) goes out as its raw bytes, not as JSON", async () => {
  const stub = stubFetch(() => json(202, { id: "job" }));
  try {
    const file = new File([new Uint8Array([1, 2, 3])], "company.inbox");
    await request("/companies/import", { method: "POST", body: file, auth: false });
    const headers = stub.calls[0].init.headers as Record<string, string>;
    assert.equal(stub.calls[0].init.body, file);
    assert.equal(headers["Content-Type"], "application/octet-stream");
  } finally {
    stub.restore();
  }
});

Deno.test("the send API call carries the connection token and never touches the session", async () => {
  let lost = 0;
  configureClient({ onSessionLost: () => lost++ });
  const stub = stubFetch(() => json(403, { error: "ERR_INVALID_TOKEN", message: "expired" }));
  try {
    await assert.rejects(
      sendApi.send("conn-token", { number: "5511999999999", body: "Hi" }),
      (error) => isApiError(error) && error.code === "ERR_INVALID_TOKEN",
    );
    // one call only: no refresh, no retry
    assert.equal(stub.calls.length, 1);
    assert.equal(stub.calls[0].url, "/api/messages/send");
    const headers = stub.calls[0].init.headers as Record<string, string>;
    assert.equal(headers.Authorization, "Bearer conn-token");
    assert.equal(headers["Content-Type"], "application/json");
    assert.equal(stub.calls[0].init.body, JSON.stringify({ number: "5511999999999", body: "Hi" }));
    assert.equal(lost, 0);
  } finally {
    stub.restore();
    configureClient({ onSessionLost: () => {} });
  }
});

Deno.test("the send API with a file goes multipart with medias", async () => {
  const stub = stubFetch(() =>
    json(200, { mensagem: "Mensagem enviada", messageIds: [1], ticketId: 2, contactId: 3 })
  );
  try {
    const file = new File(["%PDF"], "boleto.pdf", { type: "application/pdf" });
    const answer = await sendApi.send("t", { number: "55119", body: "Segue", medias: [file] });
    assert.equal(answer.ticketId, 2);
    const body = stub.calls[0].init.body as FormData;
    assert.ok(body instanceof FormData);
    assert.equal(body.get("number"), "55119");
    assert.equal(body.get("body"), "Segue");
    assert.equal((body.get("medias") as File).name, "boleto.pdf");
  } finally {
    stub.restore();
  }
});

Deno.test("a session call refused for the company (overdue, inactive) tells the session; the send API's does not", async () => {
  const refused: string[] = [];
  configureClient({ onCompanyRefused: (code) => refused.push(code) });
  let answer = json(403, { error: "ERR_SUBSCRIPTION_EXPIRED", message: "Opss!", dueDate: "2026-11-27" });
  const stub = stubFetch(() => answer);
  try {
    await assert.rejects(request("/tickets"), (error) => isApiError(error) && error.code === "ERR_SUBSCRIPTION_EXPIRED");
    answer = json(403, { error: "ERR_COMPANY_INACTIVE", message: "inactive" });
    await assert.rejects(request("/contacts"));
    await assert.rejects(sendApi.send("conn-token", { number: "5511999999999", body: "Hi" }));
    answer = json(403, { error: "ERR_NO_PERMISSION", message: "no" });
    await assert.rejects(request("/users"));
    assert.deepEqual(refused, ["ERR_SUBSCRIPTION_EXPIRED", "ERR_COMPANY_INACTIVE"]);
  } finally {
    stub.restore();
    configureClient({ onCompanyRefused: () => {} });
  }
});
