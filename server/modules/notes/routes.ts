// /ticket-notes: POST, DELETE /:id, GET /list?ticketId&contactId, GET /contact/:ticketId?before.
import { Hono } from "hono";
import { z } from "zod";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { recordId, idParam, valid } from "../../http/validate.ts";
import * as svc from "./service.ts";

export function notesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);
  app.get("/list", valid("query", svc.noteListQuery), async (c) => c.json(await svc.listNotes(ctx(c), c.req.valid("query"))));
  app.get("/contact/:ticketId", valid("param", z.object({ ticketId: recordId })),
    valid("query", svc.contactNotesParams), async (c) =>
      c.json(await svc.contactNotes(ctx(c), c.req.valid("param").ticketId, c.req.valid("query").before)));
  app.post("/", valid("json", svc.noteCreate), async (c) => c.json(await svc.createNote(ctx(c), c.req.valid("json")), 201));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteNote(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
