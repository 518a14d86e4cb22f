// /dashboard: figures for admins (seed 000 section 6: the dashboard is admin only).
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAdmin, requireAuth } from "../../auth/guard.ts";
import { valid } from "../../http/validate.ts";
import * as svc from "./service.ts";

export function dashboardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps), requireAdmin);
  app.get("/", valid("query", svc.dashboardQuery), async (c) => c.json(await svc.dashboard(c.get("tenant"), c.req.valid("query"))));
  app.get("/ticketsUsers", valid("query", svc.reportQuery), async (c) =>
    c.json(await svc.ticketsByUser(c.get("tenant"), c.req.valid("query"))));
  app.get("/ticketsDay", valid("query", svc.reportQuery), async (c) =>
    c.json(await svc.ticketsByDay(c.get("tenant"), c.req.valid("query"))));
  return app;
}
