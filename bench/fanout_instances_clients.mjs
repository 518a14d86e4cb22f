// The sockets of bench/fanout_instances.ts, run by Node with the `ws` package (see
// fanout_clients.mjs for why not Deno's client): socket i belongs to company i % companies
// and connects to instance floor(i / companies) % instances, so each company has sockets on
// every instance. Environment: FANOUT_URLS (ws:// bases, comma-separated), FANOUT_TOKENS
// (one admin token per company), FANOUT_SOCKETS. Prints "ready", waits for "done" on stdin,
// prints {receipts: [seq, instant, instance index, ...], frames, closes} as JSON.
import { createInterface } from "node:readline";
import WebSocket from "ws";

const now = () => performance.timeOrigin + performance.now();
const BODY = /"name":"bench (\d+)"/;
const urls = process.env.FANOUT_URLS.split(",");
const tokens = process.env.FANOUT_TOKENS.split(",");
const count = Number(process.env.FANOUT_SOCKETS);
const receipts = [];
const closes = {};
let frames = 0;

function open(i) {
  const at = Math.floor(i / tokens.length) % urls.length;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${urls[at]}/ws?token=${tokens[i % tokens.length]}`);
    ws.on("message", (data) => {
      const when = now();
      frames++;
      const raw = data.toString();
      const m = raw.startsWith('{"event"') ? BODY.exec(raw) : null;
      if (m) receipts.push(Number(m[1]), when, at);
      else if (raw.startsWith('{"type":"ping"')) ws.send('{"type":"pong"}');
      else if (raw.startsWith('{"type":"ready"')) resolve();
    });
    ws.on("error", () => reject(new Error(`socket ${i} failed`)));
    ws.on("close", (code, reason) => {
      const key = `${code} ${reason}`;
      closes[key] = (closes[key] ?? 0) + 1;
    });
  });
}

for (let i = 0; i < count; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => open(i + k)));
}
console.log("ready");
for await (const line of createInterface({ input: process.stdin })) if (line.includes("done")) break;
process.stdout.write(JSON.stringify({ receipts, frames, closes }) + "\n", () => process.exit(0));
