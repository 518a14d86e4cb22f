// The 1,000 clients of bench/fanout.ts, run by Node with the `ws` package: the load
// generator shares the machine's two cores with the server, and Deno's WebSocket client
// spends about as much CPU per frame as the server does sending it, so the clients' own
// queueing set the tail. Node's `ws` reads each socket's bytes in bulk and costs a
// fraction of that. FANOUT_TRANSPORT "socket.io" speaks the spec's client's protocol on
// the same sockets (engine.io 4 over WebSocket: connect "40", "ready", its join emits, pong
// "3" to each ping "2"): socket.io-client's own decoding (a JSON.parse per frame) would
// make the clients' CPU, not the server's, the figure. Environment: FANOUT_URL,
// FANOUT_SOCKETS, FANOUT_TOKENS, FANOUT_ROOMS, FANOUT_COMPANY, FANOUT_TRANSPORT.
// Prints "ready", waits for "done" on stdin, prints the result as JSON.
import { createInterface } from "node:readline";
import WebSocket from "ws";

const now = () => performance.timeOrigin + performance.now();
const BODY = /fanout (\d+) ([\d.]+)/;
const base = process.env.FANOUT_URL;
const count = Number(process.env.FANOUT_SOCKETS);
const tokens = process.env.FANOUT_TOKENS.split(",");
const rooms = process.env.FANOUT_ROOMS.split(",");
const socketIo = process.env.FANOUT_TRANSPORT === "socket.io";
// Only create events carry the message once; the ticket update repeats its body.
const prefix = socketIo
  ? `42["company-${process.env.FANOUT_COMPANY}-appMessage",{"action":"create"`
  : `{"event":"company-${process.env.FANOUT_COMPANY}-appMessage","data":{"action":"create"`;
/** The spec's client asks for the lists by name; as an admin that is the company's rooms in FANOUT_ROOMS. */
const asks = ['42["joinTickets","open"]', '42["joinTickets","pending"]', '42["joinNotification"]'];
const latencies = [];
const receipts = [];
const closes = {};
let frames = 0;

function open(i) {
  return new Promise((resolve, reject) => {
    const token = tokens[i % tokens.length];
    const ws = new WebSocket(
      socketIo ? `${base}/socket.io/?token=${token}&EIO=4&transport=websocket` : `${base}/ws?token=${token}`,
    );
    const seen = new Set();
    ws.on("message", (data) => {
      const at = now();
      frames++;
      const raw = data.toString();
      if (raw.startsWith(prefix)) {
        const m = BODY.exec(raw);
        if (m && !seen.has(Number(m[1]))) {
          seen.add(Number(m[1]));
          latencies.push(at - Number(m[2]));
          receipts.push(Number(m[1]), at);
        }
      } else if (socketIo) {
        if (raw === "2") ws.send("3");
        else if (raw.startsWith("0{")) ws.send("40");
        else if (raw === '42["ready"]') {
          for (const ask of asks) ws.send(ask);
          resolve();
        }
      } else if (raw.startsWith('{"type":"ping"')) ws.send('{"type":"pong"}');
      else if (raw.startsWith('{"type":"ready"')) {
        for (const room of rooms) ws.send(JSON.stringify({ type: "join", room }));
        resolve();
      }
    });
    ws.on("error", () => reject(new Error(`socket ${i} failed`)));
    ws.on("close", (code, reason) => {
      const key = `${code} ${reason}`;
      closes[key] = (closes[key] ?? 0) + 1;
    });
  });
}

// Connect in batches so the server's accept queue is not the thing measured.
for (let i = 0; i < count; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => open(i + k)));
}
await new Promise((r) => setTimeout(r, 1000)); // the joins are checked asynchronously
console.log("ready");
for await (const line of createInterface({ input: process.stdin })) if (line.includes("done")) break;
process.stdout.write(JSON.stringify({ latencies, receipts, frames, closes }) + "\n", () => process.exit(0));
