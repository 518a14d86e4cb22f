// /helps: GET / (paged), GET /list (all), GET /:id, POST /, PUT /:id, DELETE /:id.
// Everyone signed in reads; the service lets only super users write.
import { Hono } from "hono";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import * as svc from "./service.ts";


export function helpsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);
  app.get("/", valid("query", svc.helpPageQuery), async (c) => c.json(await svc.pageHelps(ctx(c), c.req.valid("query"))));
  app.get("/list", async (c) => c.json(await svc.listHelps(ctx(c))));
  app.get("/:id", valid("param", idParam), async (c) => c.json(await svc.getHelp(ctx(c), c.req.valid("param").id)));
  app.post("/", valid("json", svc.helpInput), async (c) => c.json(await svc.createHelp(ctx(c), c.req.valid("json")), 201));
  app.put("/:id", valid("param", idParam), valid("json", svc.helpUpdate), async (c) =>
    c.json(await svc.updateHelp(ctx(c), c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteHelp(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
