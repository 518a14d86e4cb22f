// The Hub's two transports: WebSocket (/ws, join/leave frames, ping every 18 s) and
// server-sent events (/events). Both take the access token in the query (browsers
// cannot set headers on either), or a bearer header for SSE. Each socket may hold at most
// config.realtimeBufferBytes for its peer; past that it is dropped (see backlog.ts).
import { Hono } from "hono";
import { upgradeWebSocket } from "hono/deno";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { AppEnv, Deps } from "../http/context.ts";
import type { CloseReason, Subscriber } from "./hub.ts";
import { mayJoinRoom } from "./rooms.ts";
import { Backlog } from "./backlog.ts";
import { admit, tokenOf } from "./admission.ts";
import { socketSubscriber } from "./subscriber.ts";

export const PING_MS = 18_000;
const SHUTDOWN: CloseReason = { code: 1001, reason: "server shutting down" };

const frame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("join"), room: z.string().max(120) }),
  z.object({ type: z.literal("leave"), room: z.string().max(120) }),
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("pong") }),
]);

export function realtimeRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const capacity = deps.config.realtimeBufferBytes;

  app.get("/ws", async (c, next) => {
    const admitted = await admit(deps, tokenOf(c));
    const { actor } = admitted;
    const upgrade = upgradeWebSocket(() => {
      let sub: Subscriber | undefined;
      let timer: ReturnType<typeof setInterval> | undefined;
      let alive = true;
      return {
        onOpen(_e, ws) {
          // Deno's socket counts what the peer has not taken yet (Hono's wrapper does not).
          const raw = ws.raw as WebSocket;
          sub = socketSubscriber(
            deps.hub,
            admitted,
            { raw, encoding: "ws", capacity },
            (why = SHUTDOWN) => ws.close(why.code, why.reason),
          );
          deps.hub.attach(sub);
          deps.presence.connected(actor.companyId, actor.userId);
          ws.send(JSON.stringify({ type: "ready" }));
          timer = setInterval(() => {
            if (!alive) return ws.close(4000, "ping timeout");
            alive = false;
            ws.send(JSON.stringify({ type: "ping" }));
          }, PING_MS);
        },
        onMessage(e, ws) {
          alive = true;
          let parsed;
          try {
            parsed = frame.safeParse(JSON.parse(String(e.data)));
          } catch {
            return;
          }
          if (!parsed.success || !sub) return;
          const f = parsed.data;
          if (f.type === "ping") ws.send(JSON.stringify({ type: "pong" }));
          else if (f.type === "join") {
            const s = sub;
            void mayJoinRoom(deps, actor, s, f.room).then((ok) => {
              // Acknowledged: a client that reconnected reads its lists again only once its rooms
              // are joined, so no event falls between the read and the join.
              if (ok) {
                deps.hub.join(s, f.room);
                ws.send(JSON.stringify({ type: "joined", room: f.room }));
              } else ws.send(JSON.stringify({ type: "error", error: "ERR_NO_PERMISSION", room: f.room }));
            }, () => ws.send(JSON.stringify({ type: "error", error: "ERR_NO_PERMISSION", room: f.room })));
          } else if (f.type === "leave") deps.hub.leave(sub, f.room);
        },
        onClose() {
          clearInterval(timer);
          if (!sub) return;
          deps.hub.detach(sub);
          deps.presence.disconnected(actor.companyId, actor.userId);
        },
      };
    });
    return await upgrade(c, next);
  });

  app.get("/events", async (c) => {
    const { actor, muted } = await admit(deps, tokenOf(c));
    const rooms = (c.req.query("rooms") ?? "").split(",").filter(Boolean);
    return streamSSE(c, async (stream) => {
      const queue = new Backlog(capacity);
      let wake: (() => void) | undefined;
      let open = true;
      const sub: Subscriber = {
        companyId: actor.companyId,
        userId: actor.userId,
        sessionId: actor.sessionId,
        muted,
        send: (frame) => {
          if (queue.offer(frame.sse)) return wake?.();
          // A stream has no close code: it ends, and EventSource reconnects by itself.
          deps.hub.detach(sub);
          open = false;
          stream.abort();
          wake?.();
        },
        close: () => {
          open = false;
          wake?.();
        },
      };
      deps.hub.attach(sub);
      for (const r of rooms) if (await mayJoinRoom(deps, actor, sub, r).catch(() => false)) deps.hub.join(sub, r);
      stream.onAbort(() => sub.close());
      try {
        await stream.writeSSE({ event: "ready", data: "{}" });
        while (open) {
          for (let next = queue.take(); next && open; next = queue.take()) await stream.write(next.utf8);
          if (!open) break;
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, PING_MS);
            wake = () => {
              clearTimeout(t);
              resolve();
            };
          });
          wake = undefined;
          if (!queue.bytes && open) await stream.write(": ping\n\n");
        }
      } finally {
        deps.hub.detach(sub);
      }
    });
  });

  return app;
}

