import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "../../http/context.ts";
import { assertSuper, requireAdmin, requireAuth } from "../../auth/guard.ts";
import { valid } from "../../http/validate.ts";
import { listSettings, updateSetting } from "./service.ts";
import { isPlatformSecret, maskedPlatformSecrets, setPlatformSecret } from "./platform.ts";

export function settingsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  // The platform's secrets are listed, masked, to super users only.
  app.get("/", async (c) =>
    c.json([
      ...await listSettings(c.get("tenant").db),
      ...c.get("actor").super ? await maskedPlatformSecrets(deps.control.db) : [],
    ]));
  app.put(
    "/:key",
    requireAdmin,
    valid("json", z.object({ value: z.union([z.string(), z.number(), z.boolean()]) })),
    async (c) => {
      const { value } = c.req.valid("json");
      const key = c.req.param("key");
      if (isPlatformSecret(key)) {
        assertSuper(c.get("actor"));
        // Not published: the company's other users may not read it, even masked.
        return c.json(await setPlatformSecret(deps.control.db, key, String(value)));
      }
      return c.json(await updateSetting(c.get("tenant"), deps.hub, key, String(value)));
    },
  );
  return app;
}
