import { Hono } from "hono";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAuth, requireSuper } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import { companiesOnPlan, createPlan, deletePlan, getPlan, listPlans, planInput, planUpdate, updatePlan } from "./service.ts";
import { COMPANY_CHANGED } from "../../realtime/hub.ts";
import { COMPANY_ACCESS_CHANGED } from "../../events/domain.ts";


export function plansRoutes(deps: Deps) {
  const db = deps.control.db;
  const app = new Hono<AppEnv>();
  // Public: the signup page lists the plans.
  app.get("/list", async (c) => c.json(await listPlans(db)));
  app.use("*", requireAuth(deps));
  app.get("/all", async (c) => c.json(await listPlans(db)));
  app.get("/:id", valid("param", idParam), async (c) => c.json(await getPlan(db, c.req.valid("param").id)));
  app.post("/", requireSuper, valid("json", planInput), async (c) =>
    c.json(await createPlan(db, c.req.valid("json")), 201));
  app.put("/:id", requireSuper, valid("param", idParam), valid("json", planUpdate), async (c) => {
    const id = c.req.valid("param").id;
    const plan = await updatePlan(db, id, c.req.valid("json"));
    // Its companies' sockets reconnect with the plan's events, and their browsers read the plan
    // again; a flag turned off stops its senders at once.
    for (const companyId of await companiesOnPlan(db, id)) {
      deps.hub.closeCompany(companyId, COMPANY_CHANGED);
      await deps.bus.emit(COMPANY_ACCESS_CHANGED, { companyId });
    }
    return c.json(plan);
  });
  app.delete("/:id", requireSuper, valid("param", idParam), async (c) => {
    await deletePlan(db, c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
