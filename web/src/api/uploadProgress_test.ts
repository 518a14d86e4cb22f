// Uploads that report their progress (run with `deno test web/src`). Deno has no
// XMLHttpRequest, so a minimal one plays the browser's part: it reports the body going up
// in steps and answers as the server would.
import assert from "node:assert/strict";
import { request } from "./client.ts";
import { isApiError } from "./errors.ts";
import { getToken, setToken } from "./token.ts";

interface Answer {
  status: number;
  body: string;
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

function installXhr(answers: Answer[]) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    statusText = "";
    responseText = "";
    withCredentials = false;
    timeout = 0;
    upload: { onprogress: Handler } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    #current: Sent = { method: "", url: "", headers: {}, body: null };
    open(method: string, url: string) {
      this.#current = { method, url, headers: {}, body: null };
    }
    setRequestHeader(name: string, value: string) {
      this.#current.headers[name] = value;
    }
    send(body: unknown) {
      this.#current.body = body;
      sent.push(this.#current);
      const answer = answers.shift();
      queueMicrotask(() => {
        if (!answer) return this.onerror?.();
        for (const loaded of [0, 400, 1000]) {
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: 1000 });
        }
        this.status = answer.status;
        this.responseText = answer.body;
        this.onload?.();
      });
    }
  }
  const global = globalThis as unknown as { XMLHttpRequest?: unknown };
  const original = global.XMLHttpRequest;
  global.XMLHttpRequest = FakeXhr;
  return { sent, restore: () => (global.XMLHttpRequest = original) };
}

const file = () => {
  const form = new FormData();
  form.append("file", new File(["x".repeat(1000)], "promo.png", { type: "image/png" }));
  return form;
};

Deno.test("an upload with a progress callback reports each step and answers the JSON", async () => {
  setToken("tok");
  const xhr = installXhr([{ status: 200, body: JSON.stringify({ id: 7, mediaName: "promo.png" }) }]);
  try {
    const seen: number[] = [];
    const body = file();
    const result = await request<{ id: number; mediaName: string }>("/campaigns/7/media-upload", {
      method: "POST",
      body,
      onUploadProgress: (fraction) => seen.push(fraction),
    });
    assert.deepEqual(result, { id: 7, mediaName: "promo.png" });
    assert.deepEqual(seen, [0, 0.4, 1, 1]);
    assert.equal(xhr.sent[0].url, "/campaigns/7/media-upload");
    assert.equal(xhr.sent[0].headers.Authorization, "Bearer tok");
    // The browser sets the multipart boundary itself.
    assert.equal("Content-Type" in xhr.sent[0].headers, false);
    assert.equal(xhr.sent[0].body, body);
  } finally {
    xhr.restore();
    setToken(null);
  }
});

Deno.test("an upload refreshes an expired token once and sends again", async () => {
  setToken("old");
  const xhr = installXhr([{ status: 403, body: JSON.stringify({ error: "ERR_INVALID_TOKEN" }) }, {
    status: 201,
    body: JSON.stringify({ ok: true }),
  }]);
  const original = globalThis.fetch;
  globalThis.fetch = (() =>
    Promise.resolve(
      new Response(JSON.stringify({ token: "new", user: null }), { status: 200 }),
    )) as typeof fetch;
  try {
    const result = await request("/contact-lists/1/upload", {
      method: "POST",
      body: file(),
      onUploadProgress: () => {},
    });
    assert.deepEqual(result, { ok: true });
    assert.deepEqual(xhr.sent.map((s) => s.headers.Authorization), ["Bearer old", "Bearer new"]);
    assert.equal(getToken(), "new");
  } finally {
    globalThis.fetch = original;
    xhr.restore();
    setToken(null);
  }
});

Deno.test("a refused upload is an ApiError with the server's code; a dropped line a network error", async () => {
  setToken("tok");
  const xhr = installXhr([{ status: 400, body: JSON.stringify({ error: "ERR_FILE_TYPE", message: "no" }) }]);
  try {
    await assert.rejects(
      request("/campaigns/1/media-upload", { method: "POST", body: file(), onUploadProgress: () => {} }),
      (error) => isApiError(error) && error.code === "ERR_FILE_TYPE" && error.status === 400,
    );
    await assert.rejects(
      request("/campaigns/1/media-upload", { method: "POST", body: file(), onUploadProgress: () => {} }),
      (error) => isApiError(error) && error.code === "ERR_NETWORK",
    );
  } finally {
    xhr.restore();
    setToken(null);
  }
});
