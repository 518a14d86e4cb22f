// Read-only lists the foundation's pages need (the users dialog): queues and connections.
// Their full management arrives with their own areas.
import { Hono } from "hono";
import { asc } from "drizzle-orm";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { queues, whatsapps } from "../../../db/tenant/schema.ts";

export function queueListRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  app.get("/", async (c) =>
    c.json(
      await c.get("tenant").db.select().from(queues).orderBy(asc(queues.orderQueue), asc(queues.name)),
    ));
  return app;
}

export function whatsappListRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  app.get("/", async (c) =>
    c.json(
      await c.get("tenant").db.select({
        id: whatsapps.id,
        name: whatsapps.name,
        status: whatsapps.status,
        isDefault: whatsapps.isDefault,
        provider: whatsapps.provider,
        updatedAt: whatsapps.updatedAt,
      }).from(whatsapps).orderBy(asc(whatsapps.name)),
    ));
  return app;
}
