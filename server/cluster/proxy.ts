// Passing a request on to the instance that owns its company, as it came: the method, the
// headers but those of this hop, the body as a stream (an upload is not held in memory),
// and the answer streamed back (an event stream stays open). A WebSocket is piped frame
// by frame to a socket opened on the owner. The client's address travels in a header
// signed with the installation's key, so the owner's rate limits see the real client.
import { log } from "../log.ts";

/** Headers that describe one connection, never passed on (RFC 9110 7.6.1), and ours. */
const HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "host",
  "content-length",
]);
export const FORWARDED_IP = "x-inbox-client-ip";
export const FORWARDED_SIG = "x-inbox-forward-sig";
/** How long the owner may take to start answering (an event stream then runs freely). */
const HEADERS_TIMEOUT_MS = 30_000;
/** Frames a client may send before the owner's socket opens; more closes the socket. */
const EARLY_FRAMES = 64;

export interface Hop {
  /** The signing key shared by every instance (from the installation's secrets). */
  key: CryptoKey;
}

export async function hopKey(secret: string): Promise<CryptoKey> {
  const raw = new TextEncoder().encode(`instance-forwarding:${secret}`);
  return await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

async function sign(key: CryptoKey, ip: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(ip));
  return new Uint8Array(mac).toBase64({ alphabet: "base64url", omitPadding: true });
}

/** The client's address a forwarding instance vouched for, or null (not forwarded, or forged). */
export async function forwardedClient(key: CryptoKey, headers: Headers): Promise<string | null> {
  const ip = headers.get(FORWARDED_IP);
  const sig = headers.get(FORWARDED_SIG);
  if (!ip || !sig || ip.length > 64) return null;
  let mac: Uint8Array<ArrayBuffer>;
  try {
    mac = Uint8Array.fromBase64(sig, { alphabet: "base64url" }) as Uint8Array<ArrayBuffer>;
  } catch {
    return null;
  }
  const ok = await crypto.subtle.verify("HMAC", key, mac, new TextEncoder().encode(ip));
  return ok ? ip : null;
}

async function outgoingHeaders(key: CryptoKey, from: Headers, clientIp: string): Promise<Headers> {
  const headers = new Headers();
  for (const [name, value] of from) if (!HOP.has(name) && !name.startsWith("sec-websocket-")) headers.set(name, value);
  headers.set(FORWARDED_IP, clientIp);
  headers.set(FORWARDED_SIG, await sign(key, clientIp));
  return headers;
}

/** The request sent to `base` (the owner's address); `body` replaces a body already read. */
export async function forwardHttp(
  key: CryptoKey,
  request: Request,
  base: string,
  clientIp: string,
  body?: string,
): Promise<Response> {
  const url = new URL(request.url);
  const target = new URL(url.pathname + url.search, base);
  const headers = await outgoingHeaders(key, request.headers, clientIp);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  // Only the wait for the answer's headers is bounded: an event stream then runs freely.
  const late = new AbortController();
  const timer = setTimeout(() => late.abort(new DOMException("owner did not answer", "TimeoutError")), HEADERS_TIMEOUT_MS);
  let answer: Response;
  try {
    answer = await fetch(target, {
      method: request.method,
      headers,
      body: body ?? (hasBody ? request.body : undefined),
      redirect: "manual",
      signal: AbortSignal.any([request.signal, late.signal]),
    });
  } finally {
    clearTimeout(timer);
  }
  const back = new Headers();
  for (const [name, value] of answer.headers) if (!HOP.has(name)) back.append(name, value);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: back });
}

/** The client's WebSocket, accepted here and piped to a socket on the owner. */
export async function forwardWebSocket(key: CryptoKey, request: Request, base: string, clientIp: string): Promise<Response> {
  const url = new URL(request.url);
  const target = new URL(url.pathname + url.search, base.replace(/^http/, "ws"));
  const headers = await outgoingHeaders(key, request.headers, clientIp);
  const protocols = request.headers.get("sec-websocket-protocol")?.split(",").map((p) => p.trim()).filter(Boolean);
  const { socket: client, response } = Deno.upgradeWebSocket(request, protocols?.length ? { protocol: protocols[0] } : {});
  const upstream = new WebSocket(target, { headers, protocols } as unknown as string[]);
  upstream.binaryType = "arraybuffer";
  client.binaryType = "arraybuffer";
  const early: (string | ArrayBuffer)[] = [];
  const end = (code = 1011, reason = "owner unreachable") => {
    for (const s of [client, upstream]) {
      if (s.readyState === WebSocket.OPEN || s.readyState === WebSocket.CONNECTING) {
        try {
          s.close(code, reason);
        } catch { /* closing already */ }
      }
    }
  };
  client.onmessage = (e) => {
    if (upstream.readyState === WebSocket.OPEN) return upstream.send(e.data);
    if (early.push(e.data) > EARLY_FRAMES) end(1008, "too many frames before the owner answered");
  };
  upstream.onopen = () => {
    for (const data of early.splice(0)) upstream.send(data);
  };
  upstream.onmessage = (e) => {
    if (client.readyState === WebSocket.OPEN) client.send(e.data);
  };
  // The owner's close code (4001 signed out, 4000 ping timeout...) reaches the client as it was.
  upstream.onclose = (e) => end(closeCode(e.code), e.reason || "owner went away");
  client.onclose = (e) => end(closeCode(e.code), e.reason);
  upstream.onerror = () => end();
  client.onerror = () => end();
  log.debug("websocket forwarded", { path: url.pathname });
  return response;
}

/** Codes an endpoint may send (1005/1006/1015 only describe what happened). */
function closeCode(code: number): number {
  return code === 1000 || (code >= 3000 && code <= 4999) || (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006)
    ? code
    : 1011;
}
