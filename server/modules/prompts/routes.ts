// /prompt: the AI agents (seed 002 "Prompts"): GET / and /:id, POST /, PUT /:id, DELETE /:id,
// and POST /test (the dialog's "test" button). The company's admins' (seed 002 section 6: the
// page is the plan's, the menu's admin section the admins'); gated by useOpenAi (http/plan.ts).
import { Hono } from "hono";
import { type AppEnv, type Deps } from "../../http/context.ts";
import { requireAdmin, requireAuth } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import * as svc from "./service.ts";

export function promptsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps), requireAdmin);
  const ctx = (c: { get: (k: "tenant") => AppEnv["Variables"]["tenant"] }): svc.PromptsCtx => ({
    tenant: c.get("tenant"),
    hub: deps.hub,
    secrets: deps.secrets,
    addresses: deps.addresses,
  });
  // The spec's client reads the list as { prompts }.
  app.get("/", async (c) => {
    const prompts = await svc.listPrompts(ctx(c));
    return c.json({ prompts, count: prompts.length, hasMore: false });
  });
  app.post(
    "/test",
    valid("json", svc.promptTest),
    async (c) => c.json(await svc.testPrompt(ctx(c), c.req.valid("json"))),
  );
  app.get(
    "/:id",
    valid("param", idParam),
    async (c) => c.json(await svc.getPrompt(ctx(c), c.req.valid("param").id)),
  );
  app.post(
    "/",
    valid("json", svc.promptInput),
    async (c) => c.json(await svc.createPrompt(ctx(c), c.req.valid("json")), 201),
  );
  app.put(
    "/:id",
    valid("param", idParam),
    valid("json", svc.promptUpdate),
    async (c) =>
      c.json(await svc.updatePrompt(ctx(c), c.req.valid("param").id, c.req.valid("json"))),
  );
  // The spec's page shows the answer's message as an info toast.
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deletePrompt(ctx(c), c.req.valid("param").id);
    return c.json({ message: "Prompt deleted" });
  });
  return app;
}
