import { Hono } from "hono";
import { z } from "zod";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAdmin, requireAuth } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import { pageQuery } from "../../http/paging.ts";
import * as svc from "./service.ts";


export function usersRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);

  app.get("/", requireAdmin, valid("query", pageQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json(await svc.listUsers(c.get("tenant"), q.searchParam, q.pageNumber));
  });
  app.get("/list", async (c) => c.json(await svc.listUsersBrief(c.get("tenant"))));
  app.post(
    "/set-language/:lang",
    valid("param", z.object({ lang: z.enum(["pt", "en", "es"]) })),
    async (c) => c.json(await svc.setLanguage(ctx(c), c.req.valid("param").lang)),
  );
  app.get("/:id", valid("param", idParam), async (c) =>
    c.json(await svc.getUser(c.get("tenant"), c.get("actor"), c.req.valid("param").id)));
  app.post("/", requireAdmin, valid("json", svc.userCreate), async (c) =>
    c.json(await svc.createUser(ctx(c), c.req.valid("json")), 201));
  app.put("/:id", valid("param", idParam), valid("json", svc.userUpdate), async (c) =>
    c.json(await svc.updateUser(ctx(c), c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", requireAdmin, valid("param", idParam), async (c) => {
    await svc.deleteUser(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
