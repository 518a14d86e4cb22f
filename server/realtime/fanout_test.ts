// Fan-out under load: one serialisation per publish, and slow peers dropped at a bounded
// buffer while the others keep receiving.
import assert from "node:assert/strict";
import { ADMIN, startTestServer, type TestServer, waitFor } from "../testing.ts";
import { mainRoom } from "./hub.ts";
import { Backlog, LAGGING } from "./backlog.ts";
import { companyEvent } from "../../contracts/realtime.ts";
import { io } from "socket.io-client";

const CAP = 256 * 1024;

/** A browser-like socket that reads everything and counts the events it got. */
async function reader(url: string, token: string) {
  const ws = new WebSocket(`${url.replace("http", "ws")}/ws?token=${token}`);
  const got: { event: string; data: unknown }[] = [];
  let closed: { code: number; reason: string } | undefined;
  ws.onmessage = (e) => {
    const f = JSON.parse(e.data);
    if (f.event) got.push(f);
  };
  ws.onclose = (e) => closed = { code: e.code, reason: e.reason };
  await new Promise((res, rej) => {
    ws.onopen = res;
    ws.onerror = () => rej(new Error("socket failed"));
  });
  const loads = () =>
    got.filter((f) => f.event === companyEvent(1, "tag")).map((f) => (f.data as { i: number }).i);
  return { ws, got, loads, closed: () => closed };
}

/**
 * A peer that completes the WebSocket handshake, sends its short `hello` text frames if any
 * (socket.io's connect, "40"), and then reads nothing until asked.
 */
async function stalled(s: TestServer, token: string, path = "/ws?", hello: string[] = []) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(s.url).port) });
  await conn.write(new TextEncoder().encode(
    `GET ${path}token=${token} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: c3RhbGxlZC1wZWVyLWtleQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  ));
  const head = new Uint8Array(4096);
  const n = (await conn.read(head)) ?? 0;
  const answer = new TextDecoder().decode(head.subarray(0, n));
  assert.match(answer, /^HTTP\/1\.1 101/);
  // Frames the server sent at once (socket.io's open packet) may have come with the answer.
  const early = head.slice(answer.indexOf("\r\n\r\n") + 4, n);
  for (const text of hello) {
    // A client's frame is masked: FIN + text, the mask bit and length, a zero mask, the text.
    const body = new TextEncoder().encode(text);
    await conn.write(Uint8Array.of(0x81, 0x80 | body.length, 0, 0, 0, 0, ...body));
  }
  return {
    /** Reads what the server sent, up to its close frame: that frame's code and reason. */
    async drain(): Promise<{ code: number; reason: string } | undefined> {
      let held = early;
      const buf = new Uint8Array(1 << 20);
      for (;;) {
        // Walk the server's (unmasked) frames; a partial one waits for more bytes.
        let i = 0;
        while (i + 2 <= held.length) {
          const opcode = held[i] & 0x0f;
          let len = held[i + 1] & 0x7f;
          let p = i + 2;
          if (len === 126) {
            len = (held[p] << 8) | held[p + 1];
            p += 2;
          } else if (len === 127) {
            len = Number(new DataView(held.buffer, held.byteOffset).getBigUint64(p));
            p += 8;
          }
          if (p + len > held.length) break;
          if (opcode === 0x8) {
            conn.close();
            return {
              code: (held[p] << 8) | held[p + 1],
              reason: new TextDecoder().decode(held.subarray(p + 2, p + len)),
            };
          }
          i = p + len;
        }
        const r = await conn.read(buf).catch(() => null);
        if (r === null) break;
        const next = new Uint8Array(held.length - i + r);
        next.set(held.subarray(i));
        next.set(buf.subarray(0, r), held.length - i);
        held = next;
      }
      conn.close();
      return undefined;
    },
  };
}

Deno.test("realtime fan-out: an event is serialised once per publish, whatever the number of sockets and transports", async () => {
  const s = await startTestServer();
  const stringify = JSON.stringify;
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const sockets = await Promise.all(Array.from({ length: 20 }, () => reader(s.url, root.token)));
    const ac = new AbortController();
    const sse = await fetch(`${s.url}/events?token=${root.token}`, { signal: ac.signal });
    const text = sse.body!.pipeThrough(new TextDecoderStream()).getReader();
    // The spec's client, over socket.io.
    const originals = Array.from({ length: 5 }, () => {
      const socket = io(s.url, { transports: ["websocket"], query: { token: root.token }, forceNew: true, reconnection: false });
      const got: unknown[] = [];
      socket.on(companyEvent(1, "help"), (data: unknown) => got.push(data));
      return { socket, got };
    });
    await waitFor(() => s.deps.hub.count() === 26, 3000, "26 subscribers");

    const payload = { action: "update", note: "once" };
    let serialised = 0;
    JSON.stringify = ((value: unknown, ...rest: []) => {
      if (value === payload || (value as { data?: unknown } | null)?.data === payload) serialised++;
      return stringify(value, ...rest);
    }) as typeof JSON.stringify;
    s.deps.hub.publish(1, companyEvent(1, "help"), payload, [mainRoom(1), "user-1"]);
    await waitFor(
      () => sockets.every((k) => k.got.some((f) => f.event === companyEvent(1, "help"))),
      3000,
      "every socket",
    );
    await waitFor(() => originals.every((o) => o.got.length > 0), 3000, "every socket.io client");
    let seen = "";
    while (!seen.includes(`event: ${companyEvent(1, "help")}\ndata: {"action":"update","note":"once"}\n\n`)) {
      seen += (await text.read()).value ?? "";
    }
    JSON.stringify = stringify;
    assert.equal(serialised, 1);
    assert.deepEqual(sockets[0].got.find((f) => f.event === companyEvent(1, "help"))?.data, payload);
    assert.deepEqual(originals[0].got, [payload]);

    ac.abort();
    await text.cancel().catch(() => {});
    for (const k of sockets) k.ws.close();
    for (const o of originals) o.socket.close();
  } finally {
    JSON.stringify = stringify;
    await s.stop();
  }
});

Deno.test("realtime fan-out: a socket that stops reading is closed at its buffer cap while the others keep receiving", async () => {
  const s = await startTestServer({ env: { REALTIME_BUFFER_BYTES: String(CAP) } });
  const send = WebSocket.prototype.send;
  let mostHeld = 0;
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const fast = await Promise.all([reader(s.url, root.token), reader(s.url, root.token)]);
    const slow = await stalled(s, root.token);
    await waitFor(() => s.deps.hub.count() === 3, 3000, "3 subscribers");
    // Every socket of the process (the server's included) reports what it holds after a send.
    WebSocket.prototype.send = function (this: WebSocket, data) {
      send.call(this, data);
      mostHeld = Math.max(mostHeld, this.bufferedAmount);
    };

    // 100 kB events, each published once the readers have the previous one: 15 MB in all,
    // far past what the kernel's socket buffers take for the stalled peer.
    const big = "x".repeat(100_000);
    const EVENTS = 150;
    for (let i = 1; i <= EVENTS; i++) {
      s.deps.hub.publish(1, companyEvent(1, "tag"), { i, big });
      await waitFor(
        () => fast.every((k) => k.loads().length >= i),
        3000,
        `event ${i} at the readers`,
      );
    }
    assert.equal(s.deps.hub.count(), 2, "the stalled socket is still subscribed");
    for (const k of fast) {
      assert.deepEqual(k.loads(), Array.from({ length: EVENTS }, (_, j) => j + 1));
      assert.equal(k.closed(), undefined);
    }
    assert.ok(mostHeld <= CAP, `a socket held ${mostHeld} bytes, past the cap of ${CAP}`);
    assert.deepEqual(await slow.drain(), { code: LAGGING.code, reason: LAGGING.reason });

    for (const k of fast) k.ws.close();
  } finally {
    WebSocket.prototype.send = send;
    await s.stop();
  }
});

Deno.test("realtime fan-out: a socket.io client that stops reading is closed at its buffer cap while a socket.io reader and a socket keep receiving", async () => {
  const s = await startTestServer({ env: { REALTIME_BUFFER_BYTES: String(CAP) } });
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const socket = await reader(s.url, root.token);
    const original = io(s.url, { transports: ["websocket"], query: { token: root.token }, forceNew: true, reconnection: false });
    const heard: number[] = [];
    let dropped = false;
    original.on(companyEvent(1, "tag"), (data: { i: number }) => heard.push(data.i));
    original.on("disconnect", () => dropped = true);
    const slow = await stalled(s, root.token, "/socket.io/?EIO=4&transport=websocket&", ["40"]);
    await waitFor(() => s.deps.hub.count() === 3, 3000, "3 subscribers");

    const big = "x".repeat(100_000);
    const EVENTS = 150;
    for (let i = 1; i <= EVENTS; i++) {
      s.deps.hub.publish(1, companyEvent(1, "tag"), { i, big });
      await waitFor(() => socket.loads().length >= i && heard.length >= i, 3000, `event ${i} at the readers`);
    }
    assert.equal(s.deps.hub.count(), 2, "the stalled socket.io client is still subscribed");
    assert.deepEqual(heard, Array.from({ length: EVENTS }, (_, j) => j + 1));
    assert.equal(dropped, false);
    assert.deepEqual(await slow.drain(), { code: LAGGING.code, reason: LAGGING.reason });

    socket.ws.close();
    original.close();
  } finally {
    await s.stop();
  }
});

Deno.test("realtime fan-out: an event stream that stops reading is ended while a socket keeps receiving", async () => {
  const s = await startTestServer({ env: { REALTIME_BUFFER_BYTES: String(CAP) } });
  const ac = new AbortController();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const fast = await reader(s.url, root.token);
    const stream = await fetch(`${s.url}/events?token=${root.token}`, { signal: ac.signal });
    await waitFor(() => s.deps.hub.count() === 2, 3000, "2 subscribers");

    const big = "x".repeat(100_000);
    for (let i = 1; i <= 150; i++) {
      s.deps.hub.publish(1, companyEvent(1, "tag"), { i, big });
      await waitFor(() => fast.loads().length >= i, 3000, `event ${i} at the socket`);
    }
    assert.equal(s.deps.hub.count(), 1, "the stalled stream is still subscribed");
    // Its body ends (after what the buffers held) rather than staying open.
    const reader2 = stream.body!.getReader();
    while (!(await reader2.read()).done);
    assert.equal(fast.closed(), undefined);
    fast.ws.close();
  } finally {
    ac.abort();
    await s.stop();
  }
});

Deno.test("realtime fan-out: a backlog refuses what would pass its cap and never holds more", () => {
  const q = new Backlog(1000);
  const frame = (bytes: number) => ({ text: "x".repeat(bytes), utf8: new Uint8Array(bytes), bytes });
  let refused = 0;
  for (let i = 0; i < 50; i++) {
    if (!q.offer(frame(90 + i))) refused++;
    assert.ok(q.bytes <= 1000, `held ${q.bytes}`);
  }
  assert.ok(refused > 0);
  const held = q.bytes;
  assert.equal(q.take()?.bytes, 90, "first in, first out");
  assert.equal(q.bytes, held - 90);
  while (q.take());
  assert.equal(q.bytes, 0);
  assert.ok(q.offer(frame(1000)), "a drained backlog takes a frame of its full size");
  assert.equal(q.offer(frame(1)), false);
});
