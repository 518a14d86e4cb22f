// /schedules: GET (paged, soonest first), GET/PUT/DELETE /:id, POST /, POST/DELETE /:id/media-upload.
import { Hono } from "hono";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import { readOneFile, UPLOAD_LIMIT } from "../../http/uploads.ts";
import { limitBody } from "../../http/body-limit.ts";
import * as svc from "./service.ts";


export function schedulesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => ({ ...serviceCtx(c, deps), timers: deps.timers });
  app.get("/", valid("query", svc.scheduleQuery), async (c) => c.json(await svc.listSchedules(ctx(c), c.req.valid("query"))));
  app.get("/:id", valid("param", idParam), async (c) => c.json(await svc.getSchedule(ctx(c), c.req.valid("param").id)));
  app.post("/", valid("json", svc.scheduleInput), async (c) => c.json(await svc.createSchedule(ctx(c), c.req.valid("json")), 201));
  app.put("/:id", valid("param", idParam), valid("json", svc.scheduleUpdate), async (c) =>
    c.json(await svc.updateSchedule(ctx(c), c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteSchedule(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.post("/:id/media-upload", limitBody({ upload: UPLOAD_LIMIT }), valid("param", idParam), async (c) =>
    c.json(await svc.attachScheduleMedia(ctx(c), c.req.valid("param").id, (await readOneFile(c)).file)));
  app.delete("/:id/media-upload", valid("param", idParam), async (c) =>
    c.json(await svc.detachScheduleMedia(ctx(c), c.req.valid("param").id)));
  return app;
}
