// /tags: GET /list, POST /, POST /sync.
import { Hono } from "hono";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { valid } from "../../http/validate.ts";
import * as svc from "./service.ts";

export function tagsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);
  app.get("/list", async (c) => c.json(await svc.listTags(c.get("tenant"))));
  app.post("/", valid("json", svc.tagCreate), async (c) => c.json(await svc.createTag(ctx(c), c.req.valid("json")), 201));
  app.post("/sync", valid("json", svc.tagSync), async (c) => c.json(await svc.syncTags(ctx(c), c.req.valid("json"))));
  return app;
}
