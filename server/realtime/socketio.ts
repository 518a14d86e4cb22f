// socket.io for the spec's browser client (socket.io-client 4): GET /socket.io/?token=…&EIO=4
// &transport=websocket on the server's own port (engine.ts). A third transport of the Hub,
// under the rules of /ws: the same admission (admission.ts), audience and rooms. The client
// asks for lists by name, as the original server answered them (ORIGIN (j)): joinTickets
// (status), joinNotification, joinChatBox (ticket id), each counted per socket and left by
// its leave* twin; the company's main channel and the user's room are joined on connect,
// and "ready" says when the client may ask. An event reaches the socket as the Hub
// serialised it, already framed for socket.io (Outbound.sio).
import { Hono } from "hono";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import type { AppEnv, Deps } from "../http/context.ts";
import { type Admitted, admit, tokenOf } from "./admission.ts";
import { DenoEngine } from "./engine.ts";
import { type ListAsked, mayJoinRoom, roomsOfList } from "./rooms.ts";
import { socketSubscriber } from "./subscriber.ts";
import { PING_MS } from "./transports.ts";
import { errorFields, log } from "../log.ts";

/** The spec's path (socket.io's default); the app answers it with or without the trailing slash. */
const SOCKET_IO_PATH = "/socket.io";

const status = z.enum(["open", "pending", "closed"]);
const ticketId = z.coerce.number().int().positive();

export function socketIoRoutes(deps: Deps) {
  const engine = new DenoEngine<Admitted>({
    // The spec's client: ping interval and timeout 18 s each.
    pingInterval: PING_MS,
    pingTimeout: PING_MS,
    transports: ["websocket"],
    // The client only sends its joins.
    maxHttpBufferSize: 16 * 1024,
  });
  const io = new Server({ serveClient: false, connectTimeout: 10_000 });
  io.bind(engine);
  io.on("connection", (socket) => connected(deps, engine, socket));

  const app = new Hono<AppEnv>();
  app.get(SOCKET_IO_PATH, async (c) => {
    const admitted = await admit(deps, tokenOf(c));
    return await engine.upgrade(c.req.raw, c.get("clientIp"), admitted);
  });
  return app;
}

function connected(deps: Deps, engine: DenoEngine<Admitted>, socket: Socket) {
  const admitted = engine.contextOf(socket.request);
  const raw = engine.socketOf(socket.request);
  if (!admitted || !raw) return void socket.disconnect(true);
  const { actor } = admitted;
  // Straight onto the WebSocket, as /ws sends: the frame is complete (engine.io's "4" in
  // front), and engine.io only ever writes to it synchronously once it is open, so order
  // holds. engine.io's write costs a packet object, a buffer and eight emitted events per
  // socket and event, which showed as more server CPU than /ws in bench:fanout.
  const capacity = deps.config.realtimeBufferBytes;
  const me = socketSubscriber(
    deps.hub,
    admitted,
    { raw, encoding: "sio", capacity },
    // The server ended it ("io server disconnect"): the spec's client connects again, or reloads
    // when its token has expired; a signed-out session's token is then refused.
    () => void socket.disconnect(true),
  );
  deps.hub.attach(me);
  deps.presence.connected(actor.companyId, actor.userId);

  // Asks and leaves take effect in the order they came (a list left while its rooms were
  // being checked is left once they are joined, before it is asked for again).
  const lists = new Map<string, { count: number; joined: string[] }>();
  let pending = Promise.resolve();
  const inOrder = (step: () => void | Promise<void>) => {
    pending = pending.then(step).catch((err) =>
      log.warn("socket.io join failed", { companyId: actor.companyId, userId: actor.userId, ...errorFields(err) })
    );
  };
  const ask = (key: string, asked: ListAsked) => {
    const held = lists.get(key);
    if (held) return void held.count++;
    const entry = { count: 1, joined: [] as string[] };
    lists.set(key, entry);
    inOrder(async () => {
      for (const room of await roomsOfList(deps, actor, asked)) {
        if (!await mayJoinRoom(deps, actor, me, room)) continue;
        deps.hub.join(me, room);
        entry.joined.push(room);
      }
    });
  };
  const leave = (key: string) => {
    const held = lists.get(key);
    if (!held || --held.count > 0) return;
    lists.delete(key);
    inOrder(() => held.joined.forEach((room) => deps.hub.leave(me, room)));
  };

  const ofStatus = (value: unknown) => status.safeParse(value);
  const ofTicket = (value: unknown) => ticketId.safeParse(value);
  socket.on("joinTickets", (value: unknown) => {
    const s = ofStatus(value);
    if (s.success) ask(`status-${s.data}`, { list: "tickets", status: s.data });
  });
  socket.on("leaveTickets", (value: unknown) => {
    const s = ofStatus(value);
    if (s.success) leave(`status-${s.data}`);
  });
  socket.on("joinNotification", () => ask("notification", { list: "notification" }));
  socket.on("leaveNotification", () => leave("notification"));
  socket.on("joinChatBox", (value: unknown) => {
    const t = ofTicket(value);
    if (t.success) ask(`ticket-${t.data}`, { list: "chatBox", ticketId: t.data });
  });
  socket.on("leaveChatBox", (value: unknown) => {
    const t = ofTicket(value);
    if (t.success) leave(`ticket-${t.data}`);
  });
  socket.on("disconnect", () => {
    deps.hub.detach(me);
    deps.presence.disconnected(actor.companyId, actor.userId);
  });
  socket.emit("ready");
}
