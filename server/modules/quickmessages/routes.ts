// /quick-messages: GET /list (what the composer offers), GET / (paged), GET/PUT/DELETE /:id, POST /,
// POST/DELETE /:id/media-upload (the attachment).
import { Hono } from "hono";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import { readOneFile, UPLOAD_LIMIT } from "../../http/uploads.ts";
import { limitBody } from "../../http/body-limit.ts";
import * as svc from "./service.ts";


export function quickMessagesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);
  app.get("/list", async (c) => c.json((await svc.listUsable(ctx(c))).map(svc.quickView)));
  app.get("/", valid("query", svc.quickPageQuery), async (c) => c.json(await svc.pageQuick(ctx(c), c.req.valid("query"))));
  app.get("/:id", valid("param", idParam), async (c) => c.json(svc.quickView(await svc.getQuick(ctx(c), c.req.valid("param").id))));
  app.post("/", valid("json", svc.quickInput), async (c) => c.json(svc.quickView(await svc.createQuick(ctx(c), c.req.valid("json"))), 201));
  app.put("/:id", valid("param", idParam), valid("json", svc.quickUpdate), async (c) =>
    c.json(svc.quickView(await svc.updateQuick(ctx(c), c.req.valid("param").id, c.req.valid("json")))));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteQuick(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  // The spec's client also sends typeArch ("quickMessage"): where the file goes is ours to decide.
  app.post("/:id/media-upload", limitBody({ upload: UPLOAD_LIMIT }), valid("param", idParam), async (c) =>
    c.json(svc.quickView(await svc.attachQuickMedia(ctx(c), c.req.valid("param").id, (await readOneFile(c)).file))));
  app.delete("/:id/media-upload", valid("param", idParam), async (c) =>
    c.json(svc.quickView(await svc.detachQuickMedia(ctx(c), c.req.valid("param").id))));
  return app;
}
