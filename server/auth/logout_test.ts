import assert from "node:assert/strict";
import { ADMIN, startTestServer, waitFor } from "../testing.ts";

Deno.test("logout: the access token is refused at once (401 ERR_SESSION_EXPIRED) over HTTP, WebSocket and SSE; connections it opened are ended", async () => {
  const s = await startTestServer();
  try {
    const first = await s.login(ADMIN.email, ADMIN.password);
    assert.equal((await s.call("/auth/me", { token: first.token })).status, 200);

    // Refresh keeps the tab working: the new token and, until the next rotation, the older one.
    const r1 = await s.call("/auth/refresh_token", { method: "POST", cookie: first.cookie });
    assert.equal(r1.status, 200);
    assert.equal((await s.call("/auth/me", { token: r1.body.token })).status, 200);
    assert.equal((await s.call("/auth/me", { token: first.token })).status, 200);
    // Two rotations on, the oldest token is told to refresh (403), not signed out.
    const r2 = await s.call("/auth/refresh_token", { method: "POST", cookie: r1.cookie });
    const older = await s.call("/auth/me", { token: first.token });
    assert.equal(older.status, 403);
    assert.equal(older.body.error, "ERR_INVALID_TOKEN");

    // Connections already open (one with the token from before the last refresh) end too.
    const socket = new WebSocket(`${s.url.replace("http", "ws")}/ws?token=${r1.body.token}`);
    let closedWith = 0;
    socket.onclose = (e) => closedWith = e.code;
    await new Promise((resolve) => socket.onmessage = resolve);
    const stream = await fetch(`${s.url}/events?token=${r2.body.token}`);
    const reader = stream.body!.getReader();
    await reader.read();
    let ended = false;
    void (async () => {
      while (!(await reader.read()).done);
      ended = true;
    })();

    const out = await s.call("/auth/logout", { method: "DELETE", cookie: r2.cookie });
    assert.equal(out.status, 204);
    assert.equal(await waitFor(() => closedWith, 3000, "the socket closed"), 4001, "closed as signed out");
    await waitFor(() => ended, 3000, "the event stream's end");
    for (const token of [r2.body.token, r1.body.token]) {
      const me = await s.call("/auth/me", { token });
      assert.equal(me.status, 401);
      assert.equal(me.body.error, "ERR_SESSION_EXPIRED");
      const users = await s.call("/users", { token });
      assert.equal(users.status, 401);
    }
    const ws = await fetch(`${s.url}/ws?token=${r2.body.token}`, { headers: { upgrade: "websocket", connection: "upgrade" } });
    assert.equal(ws.status, 401);
    assert.equal((await ws.json()).error, "ERR_SESSION_EXPIRED");
    const sse = await fetch(`${s.url}/events?token=${r2.body.token}`);
    assert.equal(sse.status, 401);
    assert.equal((await sse.json()).error, "ERR_SESSION_EXPIRED");

    // Signing in again gives a working token; the old ones stay dead.
    const again = await s.login(ADMIN.email, ADMIN.password);
    assert.equal((await s.call("/auth/me", { token: again.token })).status, 200);
    assert.notEqual((await s.call("/auth/me", { token: r2.body.token })).status, 200);
  } finally {
    await s.stop();
  }
});
