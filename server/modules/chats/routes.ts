// /chats: GET (the caller's, paged), GET /unreads, GET/PUT/DELETE /:id, POST /,
// GET/POST /:id/messages, POST /:id/read. Every route needs the plan's useInternalChat.
import { Hono } from "hono";
import { z } from "zod";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import * as svc from "./service.ts";

// The chat page's address carries the uuid; the spec's calls use the id.
const refParam = z.object({ ref: z.string().regex(/^(\d{1,15}|[0-9a-f-]{36})$/i) });

export function chatsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);
  app.get("/", valid("query", svc.chatPageQuery), async (c) => c.json(await svc.pageChats(ctx(c), c.req.valid("query"))));
  app.get("/unreads", async (c) => c.json(await svc.unreadTotal(ctx(c))));
  app.get("/:ref", valid("param", refParam), async (c) => c.json(await svc.getChat(ctx(c), c.req.valid("param").ref)));
  app.post("/", valid("json", svc.chatInput), async (c) => c.json(await svc.createChat(ctx(c), c.req.valid("json")), 201));
  app.put("/:id", valid("param", idParam), valid("json", svc.chatUpdate), async (c) =>
    c.json(await svc.updateChat(ctx(c), c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteChat(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.get("/:id/messages", valid("param", idParam), valid("query", svc.chatPageQuery), async (c) =>
    c.json(await svc.pageMessages(ctx(c), c.req.valid("param").id, c.req.valid("query"))));
  app.post("/:id/messages", valid("param", idParam), valid("json", svc.messageInput), async (c) =>
    c.json(await svc.sendMessage(ctx(c), c.req.valid("param").id, c.req.valid("json")), 201));
  // The spec's client sends its own userId; the reader is always the caller.
  app.post("/:id/read", valid("param", idParam), async (c) => c.json(await svc.markRead(ctx(c), c.req.valid("param").id)));
  return app;
}
