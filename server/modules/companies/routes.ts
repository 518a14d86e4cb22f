import { Hono } from "hono";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAuth, requireSuper } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import { pageQuery } from "../../http/paging.ts";
import { tooMany } from "../../http/rate-limit.ts";
import { getPlan } from "../plans/service.ts";
import type { TenantLocator } from "./locator.ts";
import * as svc from "./service.ts";
import { PLATFORM_COMPANY_ID } from "./access.ts";
import { accessChanged, armLapse } from "./lapse.ts";
import { COMPANY_CHANGED } from "../../realtime/hub.ts";

/**
 * Bills a company whose due date has just entered the billing window (billing's billIfDue):
 * handed in by the app, as billing already depends on companies (its lapse and due dates).
 */
export type BillNow = (companyId: number) => Promise<unknown>;

export function companiesRoutes(deps: Deps, locator: TenantLocator, billNow: BillNow) {
  const cdeps = { control: deps.control.db, registry: deps.registry, locator, clock: deps.clock };
  const db = deps.control.db;
  const app = new Hono<AppEnv>();

  app.post("/cadastro", valid("json", svc.signupInput), async (c) => {
    const ip = c.get("clientIp");
    const wait = await deps.signupLimiter.retryAfter(ip);
    if (wait) throw tooMany(wait);
    // Every signup counts, successful or not: it bounds how fast one address creates tenants.
    await deps.signupLimiter.fail(ip);
    const company = await svc.signup(cdeps, c.req.valid("json"));
    await billNow(company.id);
    await armLapse(deps.timers, company.id, company.dueDate, deps.clock());
    return c.json({ company }, 201);
  });

  app.use("*", requireAuth(deps));
  // The company's plan with its flags: what the web's menu and page guards follow. The
  // spec's client reads them under `plan` (planConfigs.plan.useKanban), our web at the top.
  app.get("/listPlan/:id", valid("param", idParam), async (c) => {
    const id = c.req.valid("param").id;
    svc.assertCompanyAccess(c.get("actor"), id);
    const plan = await getPlan(db, (await svc.getCompany(db, id)).planId);
    return c.json({ ...plan, plan });
  });
  app.get("/list", requireSuper, async (c) => c.json(await svc.listAllCompanies(db)));
  app.get("/", requireSuper, valid("query", pageQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json(await svc.listCompanies(db, q.searchParam, q.pageNumber));
  });
  app.get("/:id", valid("param", idParam), async (c) => {
    const id = c.req.valid("param").id;
    svc.assertCompanyAccess(c.get("actor"), id);
    // With its settings (seed 001's Company): the super user's dialog shows campaignsEnabled.
    return c.json(await svc.companyWithSettings(cdeps, id));
  });
  app.post("/", requireSuper, valid("json", svc.companyInput), async (c) => {
    const input = c.req.valid("json");
    const password = input.password ?? crypto.randomUUID().slice(0, 12);
    const company = await svc.createCompany(cdeps, input, password);
    await billNow(company.id);
    await armLapse(deps.timers, company.id, company.dueDate, deps.clock());
    return c.json(input.password ? company : { ...company, adminPassword: password }, 201);
  });
  app.put(
    "/:id",
    requireSuper,
    valid("param", idParam),
    valid("json", svc.companyUpdate),
    async (c) => {
      const id = c.req.valid("param").id;
      const before = await svc.getCompany(db, id);
      const after = await svc.updateCompany(cdeps, id, c.req.valid("json"), deps.hub);
      await billNow(id);
      await accessChanged(deps, id, before, after);
      return c.json(after);
    },
  );
  app.post("/:id/renew", requireSuper, valid("param", idParam), async (c) => {
    const id = c.req.valid("param").id;
    const before = await svc.getCompany(db, id);
    const after = await svc.renewCompany(db, id, deps.clock());
    await billNow(id);
    await accessChanged(deps, id, before, after);
    return c.json(after);
  });
  app.put(
    "/:id/schedules",
    valid("param", idParam),
    valid("json", svc.schedulesInput),
    async (c) => {
      const id = c.req.valid("param").id;
      svc.assertCompanyAccess(c.get("actor"), id, { adminOnly: true });
      return c.json(await svc.updateSchedules(db, id, c.req.valid("json").schedules));
    },
  );
  app.delete("/:id", requireSuper, valid("param", idParam), async (c) => {
    const id = c.req.valid("param").id;
    await svc.getCompany(db, id);
    // Its WhatsApp sessions end before its database goes; its media files go with it.
    if (id !== PLATFORM_COMPANY_ID) {
      await deps.sessions.stopCompany(id);
      deps.hub.closeCompany(id, COMPANY_CHANGED);
    }
    await svc.deleteCompany(cdeps, id);
    await deps.media.removeCompany(id);
    return c.body(null, 204);
  });
  return app;
}
