// /announcements: GET / (paged), GET/PUT/DELETE /:id, POST /, POST and DELETE /:id/media-upload.
// Everyone signed in reads (the active ones); the service lets only super users write.
import { Hono } from "hono";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth, requireSuper } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import { limitBody } from "../../http/body-limit.ts";
import { readMultipart } from "../../http/uploads.ts";
import { MEDIA_LIMITS } from "../../media/store.ts";
import * as svc from "./service.ts";


export function announcementsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);
  app.get("/", valid("query", svc.announcementPageQuery), async (c) =>
    c.json(await svc.pageAnnouncements(ctx(c), c.req.valid("query"))));
  app.get("/:id", valid("param", idParam), async (c) => c.json(await svc.getAnnouncement(ctx(c), c.req.valid("param").id)));
  app.post("/", valid("json", svc.announcementInput), async (c) =>
    c.json(await svc.createAnnouncement(ctx(c), c.req.valid("json")), 201));
  app.put("/:id", valid("param", idParam), valid("json", svc.announcementUpdate), async (c) =>
    c.json(await svc.updateAnnouncement(ctx(c), c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteAnnouncement(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.post("/:id/media-upload", requireSuper, limitBody({ upload: MEDIA_LIMITS.image + 64 * 1024 }), valid("param", idParam), async (c) => {
    const { files } = await readMultipart(c, ["file", "medias"]);
    return c.json(await svc.attachImage(ctx(c), c.req.valid("param").id, files[0]));
  });
  app.delete("/:id/media-upload", valid("param", idParam), async (c) =>
    c.json(await svc.detachImage(ctx(c), c.req.valid("param").id)));
  return app;
}
