// /queue: the list every dialog needs (any signed-in user), and for admins the queue's
// create, edit and delete. /queue-options: the queue's option menu, read by anyone signed
// in, written by admins.
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAdmin, requireAuth } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import * as svc from "./service.ts";
import * as options from "./options.ts";


export function queuesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  app.get("/", async (c) => c.json(await svc.listQueues(c.get("tenant"))));
  app.get("/:id", valid("param", idParam), async (c) => c.json(await svc.getQueue(c.get("tenant"), c.req.valid("param").id)));
  app.post("/", requireAdmin, valid("json", svc.queueInput), async (c) =>
    c.json(await svc.createQueue(c.get("tenant"), deps.hub, deps.control.db, c.req.valid("json")), 201));
  app.put("/:id", requireAdmin, valid("param", idParam), valid("json", svc.queueUpdate), async (c) =>
    c.json(await svc.updateQueue(c.get("tenant"), deps.hub, c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", requireAdmin, valid("param", idParam), async (c) => {
    await svc.deleteQueue(c.get("tenant"), deps.hub, c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}

export function queueOptionsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  app.get("/", valid("query", options.optionQuery), async (c) => {
    const { queueId, parentId } = c.req.valid("query");
    return c.json(await options.listOptions(c.get("tenant"), queueId, parentId));
  });
  app.get("/:id", valid("param", idParam), async (c) => c.json(await options.getOption(c.get("tenant"), c.req.valid("param").id)));
  app.post("/", requireAdmin, valid("json", options.optionInput), async (c) =>
    c.json(await options.createOption(c.get("tenant"), deps.hub, c.req.valid("json")), 201));
  app.put("/:id", requireAdmin, valid("param", idParam), valid("json", options.optionUpdate), async (c) =>
    c.json(await options.updateOption(c.get("tenant"), deps.hub, c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", requireAdmin, valid("param", idParam), async (c) => {
    await options.deleteOption(c.get("tenant"), deps.hub, c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
