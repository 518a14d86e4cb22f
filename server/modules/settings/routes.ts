import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAdmin, requireAuth } from "../../auth/guard.ts";
import { valid } from "../../http/validate.ts";
import { listSettings, updateSetting } from "./service.ts";

export function settingsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  app.get("/", async (c) => c.json(await listSettings(c.get("tenant").db)));
  app.put(
    "/:key",
    requireAdmin,
    valid("json", z.object({ value: z.union([z.string(), z.number(), z.boolean()]) })),
    async (c) => {
      const { value } = c.req.valid("json");
      return c.json(await updateSetting(c.get("tenant"), deps.hub, c.req.param("key"), String(value)));
    },
  );
  return app;
}
