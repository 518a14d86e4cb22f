// engine.io (socket.io's transport layer) on the WebSocket that Deno.serve upgrades.
// engine.io ships a server for HTTP stacks other than Node's (uServer, written for
// µWebSockets.js): its checks, handshake, heartbeat and WebSocket transport only ask the
// stack for a socket with send(text) and end(). This hands it Deno's socket, so socket.io
// clients share the port, the WebSocket implementation and the send-buffer limit of /ws,
// and no request of the server goes through node:http. Only the WebSocket transport is
// served (the spec's client uses nothing else): long-polling is answered 400.
import { uServer } from "engine.io";
import { Buffer } from "node:buffer";
import type { IncomingMessage } from "node:http";
import { AppError } from "../errors/app-error.ts";

/** The part of a Node request engine.io and socket.io read (socket.handshake is built from it). */
interface EngineRequest {
  method: string;
  url: string;
  _query: Record<string, string>;
  headers: Record<string, string>;
  connection: { remoteAddress: string; encrypted: boolean };
}

/** What engine.io's µWebSockets.js transport calls on its socket. */
interface PeerSocket {
  send(data: string | Uint8Array): void;
  end(): void;
}

interface Transport {
  socket?: PeerSocket;
  writable: boolean;
  emit(event: "ready"): boolean;
  onData(data: string | Buffer): void;
  onClose(): void;
}

/** Close code and reason for a peer that sent more than maxHttpBufferSize at once (4000-4999: ours). */
export const TOO_BIG = { code: 4005, reason: "message too big" } as const;

/** engine.io's numbers for the refusals its clients understand (BaseServer.errors). */
const BAD_REQUEST = 3;

export class DenoEngine<Context extends object> extends uServer {
  #contexts = new WeakMap<object, Context>();
  #sockets = new WeakMap<object, WebSocket>();

  /**
   * Upgrades a request its caller has already admitted (engine.io's allowRequest, done
   * before the upgrade so that a refusal is an HTTP status as on /ws). The context rides
   * on the request: socket.io's connection handler gets it back with contextOf(socket.request).
   */
  async upgrade(request: Request, remoteAddress: string, context: Context): Promise<Response> {
    const url = new URL(request.url);
    const req: EngineRequest = {
      method: request.method,
      url: url.pathname + url.search,
      _query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(request.headers),
      connection: { remoteAddress, encrypted: url.protocol === "https:" },
    };
    // What engine.io reads of a Node request is all there (it takes a Node request's type).
    const native = req as unknown as IncomingMessage & { _query: Record<string, string> };
    // Every client opens on the WebSocket, so none holds a session to resume or upgrade.
    const upgrading = request.headers.get("upgrade")?.toLowerCase() === "websocket";
    if (!upgrading || req._query.EIO !== "4" || req._query.transport !== "websocket" || req._query.sid) {
      throw refused();
    }
    const code = await new Promise<number | undefined>((resolve) => this.verify(native, true, (c) => resolve(c)));
    if (code !== undefined) throw refused();

    const { socket, response } = Deno.upgradeWebSocket(request);
    socket.binaryType = "arraybuffer";
    this.#contexts.set(req, context);
    this.#sockets.set(req, socket);
    const transport = await this.handshake("websocket", native, () => socket.close(1000, "handshake failed")) as
      | Transport
      | undefined;
    if (!transport) return response;
    const limit = this.opts.maxHttpBufferSize ?? 1e6;
    // Set at once: engine.io may close the transport before the socket opens.
    transport.socket = { send: (data) => socket.send(data), end: () => socket.close() };
    socket.onopen = () => {
      transport.writable = true;
      // Sends what engine.io queued meanwhile (its open packet).
      transport.emit("ready");
    };
    socket.onmessage = (e) => {
      const data = e.data as string | ArrayBuffer;
      const size = typeof data === "string" ? data.length : data.byteLength;
      // As engine.io's own WebSocket server ends a peer sending past maxHttpBufferSize (a script
      // may only close with 1000 or 3000-4999).
      if (size > limit) return socket.close(TOO_BIG.code, TOO_BIG.reason);
      transport.onData(typeof data === "string" ? data : Buffer.from(data));
    };
    socket.onclose = () => transport.onClose();
    return response;
  }

  contextOf(req: object): Context | undefined {
    return this.#contexts.get(req);
  }

  /** The peer's WebSocket: what it has not taken yet (bufferedAmount), a close with our codes. */
  socketOf(req: object): WebSocket | undefined {
    return this.#sockets.get(req);
  }
}

function refused() {
  return new AppError("ERR_BAD_REQUEST", 400, "socket.io is served over WebSocket only (EIO=4, transport=websocket)", {
    code: BAD_REQUEST,
  });
}
