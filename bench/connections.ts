// Memory per WhatsApp connection, and how many connections one process holds. Real
// Baileys sockets, made by the product's baileys provider, connect to a local WebSocket
// server standing in for web.whatsapp.com (it accepts and stays silent, so each socket
// sits connected, waiting for the server's hello). Then one connection is filled the way
// a campaign fills it: lid <-> number pairs for new people (Baileys stores one per first
// send) and signal sessions (Baileys' own injectE2ESession), and the figures are compared
// with Baileys' own unbounded lid cache. Key rows go to a store that keeps nothing: the
// database's size is not the process's memory.
//   deno task bench:connections            (200 idle connections, 20000 people)
//   deno run -A --v8-flags=--expose-gc bench/connections.ts 50 5000
import { Buffer } from "node:buffer";
import makeWASocket, { Curve, signedKeyPair } from "@whiskeysockets/baileys";
import { baileysProvider } from "../server/channels/baileys/provider.ts";
import { silentLogger } from "../server/channels/baileys/logger.ts";
import type { SocketConfig } from "../server/channels/baileys/socket.ts";
import { keyStoreAuthState } from "../server/channels/baileys/auth.ts";
import { boundedCache } from "../server/channels/baileys/cache.ts";
import { LID_CACHE_ENTRIES } from "../server/channels/baileys/lid-cache.ts";
import type { ChannelEvents, ChannelSession, KeyStore } from "../server/channels/channel.ts";

const IDLE = Number(Deno.args[0] ?? 200);
const PEOPLE = Number(Deno.args[1] ?? 20_000);
const BUDGET_MB = 2048;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.warn("run with --v8-flags=--expose-gc for steady figures");

const MB = 1024 * 1024;
async function settled() {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 100));
  }
  const m = Deno.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(0);

// web.whatsapp.com on 127.0.0.1: takes the connection and never answers.
const open = new Set<WebSocket>();
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
  const { socket, response } = Deno.upgradeWebSocket(req);
  open.add(socket);
  socket.onclose = () => open.delete(socket);
  return response;
});
const url = `ws://127.0.0.1:${server.addr.port}/ws/chat`;
// The hello never comes: the sockets must not give up while they are measured.
const local = (config: SocketConfig) => ({ ...config, waWebSocketUrl: url, connectTimeoutMs: 3_600_000 });

/** A key store that keeps the creds only: signal keys live in the caches in front of it. */
function nowhere(): KeyStore {
  const creds = new Map<string, string>();
  return {
    get: (type, ids) => Promise.resolve(type === "creds" ? Object.fromEntries(ids.flatMap((id) => creds.has(id) ? [[id, creds.get(id)!]] : [])) : {}),
    set: (entries) => {
      for (const e of entries) if (e.type === "creds" && e.value) creds.set(e.id, e.value);
      return Promise.resolve();
    },
    clear: () => Promise.resolve(),
  };
}

const noop = () => {};
const events: ChannelEvents = {
  qr: noop, status: noop, message: noop, ack: noop, edit: noop, revoke: noop, call: noop, identity: noop, addressBook: noop, restriction: noop,
};

type Sock = ReturnType<typeof makeWASocket>;
const sockets: Sock[] = [];
const provider = baileysProvider({
  socketFactory: (config) => {
    const sock = makeWASocket(local(config));
    sockets.push(sock);
    return sock;
  },
  logger: silentLogger,
  version: { fetchLatest: null },
});

async function startSessions(n: number): Promise<ChannelSession[]> {
  const out: ChannelSession[] = [];
  for (let i = 0; i < n; i++) {
    const session = provider.create({ companyId: 1, whatsappId: i + 1, keys: nowhere(), events, getMessage: () => Promise.resolve(null) });
    await session.start();
    out.push(session);
  }
  while (open.size < sockets.length) await new Promise((r) => setTimeout(r, 50));
  return out;
}

const pairs = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ lid: `${100_000_000_000_000 + from + i}@lid`, pn: `${5_511_900_000_000 + from + i}@s.whatsapp.net` }));

async function storePairs(sock: Sock, n: number) {
  for (let i = 0; i < n; i += 500) await sock.signalRepository.lidMapping.storeLIDPNMappings(pairs(i, Math.min(500, n - i)));
}

/** n signal sessions with new people, made by Baileys' own session builder. */
async function injectSessions(sock: Sock, n: number) {
  const identity = Curve.generateKeyPair();
  const signed = signedKeyPair(identity, 1);
  const pub = (k: Uint8Array) => Buffer.concat([Buffer.from([5]), k]);
  for (let i = 0; i < n; i++) {
    await sock.signalRepository.injectE2ESession({
      // By lid: a number would make Baileys ask WhatsApp for its lid first (USync).
      jid: `${200_000_000_000_000 + i}@lid`,
      session: {
        registrationId: 1 + i,
        identityKey: pub(identity.public),
        signedPreKey: { keyId: 1, publicKey: pub(signed.keyPair.public), signature: Buffer.from(signed.signature) },
        preKey: { keyId: 1 + i, publicKey: pub(Curve.generateKeyPair().public) },
      },
    });
  }
}

console.log(`bench:connections: ${IDLE} idle connections, then ${PEOPLE} new people on one connection`);
const base = await settled();
const warm = await startSessions(1);
const one = await settled();
const idle = await startSessions(IDLE);
const many = await settled();
const idleHeap = (many.heap - one.heap) / IDLE;
const idleRss = (many.rss - one.rss) / IDLE;
console.log(`  process with Baileys and one connection: heap ${mb(one.heap)} MB, RSS ${mb(one.rss)} MB (before: heap ${mb(base.heap)}, RSS ${mb(base.rss)})`);
console.log(`  each further idle connection: +${kb(idleHeap)} KB heap, +${kb(idleRss)} KB RSS (${IDLE} connections)`);

// A campaign connection: PEOPLE first sends store PEOPLE pairs.
const campaign = idle[0];
const campaignSock = sockets[1];
let before = await settled();
await storePairs(campaignSock, PEOPLE);
let after = await settled();
const boundedLid = after.heap - before.heap;
const lidStats = campaign.footprint!().caches.lidMappings;
console.log(`  ${PEOPLE} lid pairs, bounded (${LID_CACHE_ENTRIES} entries): +${mb(boundedLid)} MB heap; the footprint reports ${lidStats.entries} entries, ${mb(lidStats.bytes)} MB`);

// The same on a socket with Baileys' own cache (no max, 3 days), as before the bound.
const raw = makeWASocket(local({
  auth: (await keyStoreAuthState(nowhere(), { cache: boundedCache() })).state,
  logger: silentLogger,
  printQRInTerminal: false,
}));
while (open.size < sockets.length + 1) await new Promise((r) => setTimeout(r, 50));
before = await settled();
await storePairs(raw, PEOPLE);
after = await settled();
const unboundedLid = after.heap - before.heap;
console.log(`  ${PEOPLE} lid pairs, Baileys' own cache: +${mb(unboundedLid)} MB heap (${(unboundedLid / PEOPLE / 1024).toFixed(2)} KB per pair), held for 3 days`);
raw.end(undefined);

// Signal sessions with new people fill the key cache up to its bound (5,000 entries, 5 min).
const sessionsMade = Math.min(PEOPLE, 6_000);
before = await settled();
const t0 = performance.now();
await injectSessions(campaignSock, sessionsMade);
const injectMs = performance.now() - t0;
after = await settled();
const keyHeap = after.heap - before.heap;
const keyStats = campaign.footprint!().caches.keys;
console.log(`  ${sessionsMade} signal sessions (${(injectMs / sessionsMade).toFixed(2)} ms CPU each): +${mb(keyHeap)} MB heap; key cache ${keyStats.entries} entries, footprint ${mb(keyStats.bytes)} MB`);
const footprint = campaign.footprint!();
console.log(`  the busy connection's footprint: ${mb(footprint.bytes)} MB (${Object.entries(footprint.caches).map(([k, c]) => `${k} ${c.entries}`).join(", ")})`);

// How many per process: the budget less the process, over each connection's cost.
const room = BUDGET_MB * MB - one.rss;
const desk = idleRss;
const busy = idleRss + boundedLid + keyHeap;
const before19 = idleRss + unboundedLid + keyHeap;
console.log(`  per connection: idle ${kb(desk)} KB; busy (${PEOPLE} new people) ${mb(busy)} MB; the same with Baileys' own lid cache (held 3 days) ${mb(before19)} MB`);
console.log(`  connections in ${BUDGET_MB} MB: idle ${Math.floor(room / desk)}, all busy ${Math.floor(room / busy)}, all busy before the bound ${Math.floor(room / before19)} (memory only; CPU not measured)`);

for (const s of [...warm, ...idle]) await s.stop(false);
for (const ws of open) ws.close();
await server.shutdown();
Deno.exit(0);
