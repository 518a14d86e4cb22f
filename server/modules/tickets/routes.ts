// /tickets: the list with its filters, read, create, accept / return / close, delete.
import { Hono } from "hono";
import { z } from "zod";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import * as svc from "./service.ts";
import { listQuery } from "./filters.ts";


export function ticketsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);
  app.get("/", valid("query", listQuery), async (c) => c.json(await svc.listTickets(ctx(c), c.req.valid("query"))));
  app.get("/u/:uuid", valid("param", z.object({ uuid: z.uuid() })), async (c) =>
    c.json(await svc.getTicket(ctx(c), c.req.valid("param").uuid)));
  app.get("/:id", valid("param", idParam), async (c) => c.json(await svc.getTicket(ctx(c), c.req.valid("param").id)));
  app.put("/:id", valid("param", idParam), valid("json", svc.ticketUpdate), async (c) =>
    c.json(await svc.updateTicket(ctx(c), c.req.valid("param").id, c.req.valid("json"))));
  app.post("/", valid("json", svc.ticketCreate), async (c) => c.json(await svc.createTicket(ctx(c), c.req.valid("json")), 201));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteTicket(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
