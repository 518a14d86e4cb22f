// /tags: the paged list, /list, /kanban, one tag by id, create, edit, delete, /sync.
// /ticket/kanban and /ticket-tags: the kanban board's tickets and its moves.
import { Hono } from "hono";
import { z } from "zod";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { recordId, idParam, valid } from "../../http/validate.ts";
import { pageQuery } from "../../http/paging.ts";
import * as svc from "./service.ts";
import * as kanban from "./kanban.ts";

const ticketParam = z.object({ ticketId: recordId });
const moveParam = ticketParam.extend({ tagId: recordId });

export function tagsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);
  app.get("/", valid("query", pageQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json(await svc.pageTags(c.get("tenant"), q.searchParam, q.pageNumber));
  });
  app.get("/list", async (c) => c.json(await svc.listTags(c.get("tenant"))));
  app.get("/kanban", async (c) => c.json(await kanban.kanbanTags(ctx(c))));
  app.post("/", valid("json", svc.tagCreate), async (c) => c.json(await svc.createTag(ctx(c), c.req.valid("json")), 201));
  app.post("/sync", valid("json", svc.tagSync), async (c) => c.json(await svc.syncTags(ctx(c), c.req.valid("json"))));
  app.get("/:id", valid("param", idParam), async (c) => c.json(await svc.getTag(c.get("tenant"), c.req.valid("param").id)));
  app.put("/:id", valid("param", idParam), valid("json", svc.tagUpdate), async (c) =>
    c.json(await svc.updateTag(ctx(c), c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteTag(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}

/** /ticket/kanban (the singular path is the spec's). */
export function ticketKanbanRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  app.get("/kanban", valid("query", kanban.kanbanQuery), async (c) =>
    c.json(await kanban.kanbanTickets(serviceCtx(c, deps), c.req.valid("query"))));
  return app;
}

export function ticketTagsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  app.delete("/:ticketId", valid("param", ticketParam), async (c) =>
    c.json(await kanban.leaveLanes(serviceCtx(c, deps), c.req.valid("param").ticketId)));
  app.put("/:ticketId/:tagId", valid("param", moveParam), async (c) => {
    const p = c.req.valid("param");
    return c.json(await kanban.enterLane(serviceCtx(c, deps), p.ticketId, p.tagId));
  });
  return app;
}
