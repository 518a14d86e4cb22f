// /queueIntegration (seed 002): GET / (searchParam, pageNumber), GET/PUT/DELETE /:id, POST /,
// POST /testSession. The admins' and supervisors' (they configure automation); the plan's
// useIntegrations gates the whole area (http/plan.ts).
import { Hono } from "hono";
import { type AppEnv, type Deps } from "../../http/context.ts";
import { requireAuth, requireManager } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import * as svc from "./service.ts";

export function queueIntegrationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps), requireManager);
  const ctx = (
    c: { get: (k: "tenant") => AppEnv["Variables"]["tenant"] },
  ): svc.IntegrationsCtx => ({
    tenant: c.get("tenant"),
    hub: deps.hub,
    secrets: deps.secrets,
    dialogflow: deps.dialogflow,
    addresses: deps.addresses,
  });
  app.get(
    "/",
    valid("query", svc.integrationPageQuery),
    async (c) => c.json(await svc.pageIntegrations(ctx(c), c.req.valid("query"))),
  );
  app.post(
    "/testSession",
    valid("json", svc.testSessionInput),
    async (c) => c.json(await svc.testSession(ctx(c), c.req.valid("json"))),
  );
  app.get(
    "/:id",
    valid("param", idParam),
    async (c) =>
      c.json(
        await svc.integrationView(
          ctx(c),
          await svc.getIntegration(c.get("tenant"), c.req.valid("param").id),
        ),
      ),
  );
  app.post(
    "/",
    valid("json", svc.integrationInput),
    async (c) =>
      c.json(
        await svc.integrationView(ctx(c), await svc.createIntegration(ctx(c), c.req.valid("json"))),
        201,
      ),
  );
  app.put(
    "/:id",
    valid("param", idParam),
    valid("json", svc.integrationInput),
    async (c) =>
      c.json(
        await svc.integrationView(
          ctx(c),
          await svc.updateIntegration(ctx(c), c.req.valid("param").id, c.req.valid("json")),
        ),
      ),
  );
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteIntegration(ctx(c), c.req.valid("param").id);
    return c.json({ message: "Integration deleted" });
  });
  return app;
}
