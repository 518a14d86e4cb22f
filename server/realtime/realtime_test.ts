import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer } from "../testing.ts";

type Frame = { type?: string; event?: string; data?: Record<string, unknown>; error?: string; room?: string };

function socket(url: string, token: string) {
  const ws = new WebSocket(`${url.replace("http", "ws")}/ws?token=${token}`);
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  ws.onmessage = (e) => {
    frames.push(JSON.parse(e.data));
    waiters.splice(0).forEach((w) => w());
  };
  const next = async (pred: (f: Frame) => boolean, ms = 3000): Promise<Frame> => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const i = frames.findIndex(pred);
      if (i >= 0) return frames.splice(i, 1)[0];
      await new Promise<void>((r) => {
        const t = setTimeout(r, 50);
        waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
    throw new Error("no matching frame");
  };
  const opened = new Promise<void>((res, rej) => {
    ws.onopen = () => res();
    ws.onerror = () => rej(new Error("socket failed"));
  });
  const closed = new Promise<void>((res) => ws.addEventListener("close", () => res()));
  return { ws, frames, next, opened, close: async () => {
    ws.close();
    await closed;
  } };
}

Deno.test("realtime: user events reach the company's sockets only; rooms are company-bound", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const a = await newCompany(s, root.token, "RT A");
    const b = await newCompany(s, root.token, "RT B");
    const aAdmin = await s.login(a.email, a.password);
    const bAdmin = await s.login(b.email, b.password);
    const sa = socket(s.url, aAdmin.token);
    const sb = socket(s.url, bAdmin.token);
    await Promise.all([sa.opened, sb.opened]);
    await sa.next((f) => f.type === "ready");
    await sb.next((f) => f.type === "ready");

    sb.ws.send(JSON.stringify({ type: "join", room: `company-${a.company.id}-mainchannel` }));
    const refused = await sb.next((f) => f.type === "error");
    assert.equal(refused.error, "ERR_NO_PERMISSION");
    // A room joined is acknowledged (a reconnected client reads its lists again only then).
    sb.ws.send(JSON.stringify({ type: "join", room: `company-${b.company.id}-notification` }));
    const acked = await sb.next((f) => f.type === "joined");
    assert.equal(acked.room, `company-${b.company.id}-notification`);
    sb.ws.send(JSON.stringify({ type: "ping" }));
    await sb.next((f) => f.type === "pong");

    // Connecting marks the user online.
    const online = await sa.next((f) => f.event === `company-${a.company.id}-user` && f.data?.action === "update");
    assert.equal((online.data?.user as { online: boolean }).online, true);

    await s.call("/users", { token: aAdmin.token, body: { name: "New One", email: "new@rt.com", password: "abcde" } });
    const ev = await sa.next((f) => f.event === `company-${a.company.id}-user` && f.data?.action === "create");
    assert.equal(ev.data?.action, "create");
    assert.equal((ev.data?.user as { email: string }).email, "new@rt.com");

    await s.call("/settings/call", { method: "PUT", token: aAdmin.token, body: { value: "disabled" } });
    const st = await sa.next((f) => f.event === `company-${a.company.id}-settings`);
    assert.deepEqual(st.data, { action: "update", setting: { key: "call", value: "disabled" } });

    await new Promise((r) => setTimeout(r, 100));
    assert.ok(!sb.frames.some((f) => f.event?.startsWith(`company-${a.company.id}-`)), "B saw A's events");

    // Logging in elsewhere tells the older browser.
    await s.login(a.email, a.password);
    const auth = await sa.next((f) => f.event === `company-${a.company.id}-auth`);
    assert.equal((auth.data?.user as { id: number }).id, aAdmin.user.id);
    await Promise.all([sa.close(), sb.close()]);
  } finally {
    await s.stop();
  }
});

Deno.test("realtime: a bad token is refused on both transports; SSE delivers events", async () => {
  const s = await startTestServer();
  try {
    const bad = await fetch(`${s.url}/events?token=nope`);
    assert.equal(bad.status, 403);
    await bad.body?.cancel();
    const none = await fetch(`${s.url}/ws`, { headers: { upgrade: "websocket" } });
    assert.equal(none.status, 401);
    await none.body?.cancel();

    const root = await s.login(ADMIN.email, ADMIN.password);
    const ac = new AbortController();
    const res = await fetch(`${s.url}/events?token=${root.token}`, { signal: ac.signal });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("event: ready")) text += (await reader.read()).value ?? "";
    await s.call("/settings/call", { method: "PUT", token: root.token, body: { value: "disabled" } });
    while (!text.includes("event: company-1-settings")) text += (await reader.read()).value ?? "";
    assert.match(text, /data: \{"action":"update","setting":\{"key":"call","value":"disabled"\}\}/);
    ac.abort();
    await reader.cancel().catch(() => {});
  } finally {
    await s.stop();
  }
});
