// The realtime client against a real WebSocket server on 127.0.0.1 that drops it the way the
// server drops a lagging socket (close code 4002).
import assert from "node:assert/strict";
import { RealtimeClient } from "./realtime.ts";

Deno.test("realtime client: after the server drops a lagging socket it reconnects, rejoins its rooms and, once they are joined, tells the lists to read again", async () => {
  const connections: { joins: string[]; socket: WebSocket }[] = [];
  // The server acknowledges joins as ours does; the second connection's only when the test says.
  let holdAcks = false;
  const ack = (c: { joins: string[]; socket: WebSocket }) =>
    c.joins.forEach((room) => c.socket.send(JSON.stringify({ type: "joined", room })));
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const { socket, response } = Deno.upgradeWebSocket(req);
    const connection = { joins: [] as string[], socket };
    connections.push(connection);
    socket.onmessage = (e) => {
      const frame = JSON.parse(e.data);
      if (frame.type !== "join") return;
      connection.joins.push(frame.room);
      if (!holdAcks) socket.send(JSON.stringify({ type: "joined", room: frame.room }));
    };
    return response;
  });
  // The client builds its URL from the page's location, as in the browser.
  Object.defineProperty(globalThis, "location", {
    value: { protocol: "http:", host: `127.0.0.1:${server.addr.port}` },
    configurable: true,
  });
  const client = new RealtimeClient({ getToken: () => "token" });
  let reconnects = 0;
  const stop = client.onReconnect(() => reconnects++);
  // The session learns why the server closed (4003: the company's access changed).
  const closes: number[] = [];
  const stopCloses = client.onServerClose((code) => closes.push(code));
  const until = async (check: () => boolean, what: string) => {
    const end = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  try {
    client.join("company-1-open");
    client.join("company-1-notification");
    client.connect();
    await until(() => connections[0]?.joins.length === 2, "the first joins");
    assert.equal(reconnects, 0, "a first connection is no reconnect");

    holdAcks = true;
    connections[0].socket.close(4002, "lagging: send buffer full");
    await until(() => connections[1]?.joins.length === 2, "the joins after reconnecting");
    assert.deepEqual(connections[1].joins, ["company-1-open", "company-1-notification"]);
    // Reading the lists before the rooms are joined would miss what happens in between.
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(reconnects, 0, "not before the joins are acknowledged");
    ack(connections[1]);
    await until(() => reconnects === 1, "the reconnect listeners");
    assert.deepEqual(closes, [4002]);
  } finally {
    stop();
    stopCloses();
    client.disconnect();
    await server.shutdown();
    Reflect.deleteProperty(globalThis, "location");
  }
});
