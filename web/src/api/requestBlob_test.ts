// File answers through the session (run with `deno test web/src`).
import assert from "node:assert/strict";
import { configureClient, requestBlob } from "./client.ts";
import { isApiError } from "./errors.ts";
import { getToken, setToken } from "./token.ts";

interface Seen {
  url: string;
  init: RequestInit;
}

function stubFetch(answers: Response[]): { calls: Seen[]; restore: () => void } {
  const original = globalThis.fetch;
  const calls: Seen[] = [];
  globalThis.fetch = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    return next ? Promise.resolve(next) : Promise.reject(new Error("unexpected call"));
  }) as typeof fetch;
  return { calls, restore: () => (globalThis.fetch = original) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const authorization = (seen: Seen) => (seen.init.headers as Record<string, string>).Authorization;

Deno.test("requestBlob refreshes an expired token once and answers the file", async () => {
  setToken("old");
  const stub = stubFetch([
    json(403, { error: "ERR_INVALID_TOKEN", message: "expired" }),
    json(200, { token: "new", user: null }),
    new Response("\uFEFFname,number\nAna,5511999999999\n", {
      status: 200,
      headers: { "Content-Type": "text/csv" },
    }),
  ]);
  try {
    const blob = await requestBlob("/contacts/export");
    // The bytes as sent: the BOM that lets spreadsheets read UTF-8 stays.
    const bytes = new Uint8Array(await blob.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(new TextDecoder().decode(bytes.slice(3)), "name,number\nAna,5511999999999\n");
    assert.deepEqual(stub.calls.map((call) => call.url), [
      "/contacts/export",
      "/auth/refresh_token",
      "/contacts/export",
    ]);
    assert.equal(authorization(stub.calls[0]), "Bearer old");
    assert.equal(authorization(stub.calls[2]), "Bearer new");
    assert.equal(getToken(), "new");
  } finally {
    stub.restore();
    setToken(null);
  }
});

Deno.test("requestBlob turns an error answer into an ApiError", async () => {
  let lost = 0;
  configureClient({ onSessionLost: () => lost++ });
  setToken("t");
  const stub = stubFetch([json(401, { error: "ERR_SESSION_EXPIRED", message: "gone" })]);
  try {
    await assert.rejects(
      requestBlob("/contacts/export"),
      (error) => isApiError(error) && error.code === "ERR_SESSION_EXPIRED",
    );
    assert.equal(lost, 1);
  } finally {
    stub.restore();
    setToken(null);
    configureClient({ onSessionLost: () => {} });
  }
});
