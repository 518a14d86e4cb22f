// Read-only list of queues the users and connections dialogs need; queue management
// arrives with its own area.
import { Hono } from "hono";
import { asc } from "drizzle-orm";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { queues } from "../../../db/tenant/schema.ts";

export function queueListRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  app.get("/", async (c) =>
    c.json(
      await c.get("tenant").db.select().from(queues).orderBy(asc(queues.orderQueue), asc(queues.name)),
    ));
  return app;
}
