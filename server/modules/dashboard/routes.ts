// /dashboard: figures for admins (the company's) and supervisors (their queues'); seed 000
// section 6 has the dashboard as the admins'; supervisors supervise (contracts/profiles.ts).
import { type Context, Hono } from "hono";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAuth, requireSupervisor } from "../../auth/guard.ts";
import { valid } from "../../http/validate.ts";
import * as svc from "./service.ts";

export function dashboardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps), requireSupervisor);
  const scope = (c: Context<AppEnv>) => svc.scopeOf(c.get("tenant"), c.get("actor"));
  app.get("/", valid("query", svc.dashboardQuery), async (c) =>
    c.json(await svc.dashboard(c.get("tenant"), c.req.valid("query"), await scope(c))));
  app.get("/ticketsUsers", valid("query", svc.reportQuery), async (c) =>
    c.json(await svc.ticketsByUser(c.get("tenant"), c.req.valid("query"), await scope(c))));
  app.get("/ticketsDay", valid("query", svc.reportQuery), async (c) =>
    c.json(await svc.ticketsByDay(c.get("tenant"), c.req.valid("query"), await scope(c))));
  return app;
}
