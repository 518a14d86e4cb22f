// /campaigns and /campaign-settings (seed 002 section 7). Admins and supervisors, and only
// when the company's plan has campaigns: both are checked on every route.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAuth, requireManager } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import { limitBody } from "../../http/body-limit.ts";
import { readOneFile, UPLOAD_LIMIT } from "../../http/uploads.ts";
import * as svc from "./service.ts";
import { readCampaignSettings, saveCampaignSettings, settingsEntries, settingsInput } from "./settings.ts";

type Ctx = Parameters<ReturnType<typeof createMiddleware<AppEnv>>>[0];

function guarded(deps: Deps) {
  const app = new Hono<AppEnv>();
  // The plan's useCampaigns flag is the app's plan gate's (server/http/plan.ts PLAN_GATES).
  app.use("*", requireAuth(deps), requireManager);
  const ctx = (c: Ctx): svc.CampaignCtx => ({
    tenant: c.get("tenant"),
    hub: deps.hub,
    timers: deps.timers,
    media: deps.media,
    now: deps.clock,
  });
  return { app, ctx };
}

export function campaignsRoutes(deps: Deps) {
  const { app, ctx } = guarded(deps);
  app.get("/", valid("query", svc.campaignPageQuery), async (c) => c.json(await svc.pageCampaigns(ctx(c), c.req.valid("query"))));
  app.get("/:id", valid("param", idParam), async (c) => c.json(await svc.getCampaign(ctx(c), c.req.valid("param").id)));
  app.post("/", valid("json", svc.campaignCreate), async (c) => c.json(await svc.createCampaign(ctx(c), c.req.valid("json")), 201));
  app.put("/:id", valid("param", idParam), valid("json", svc.campaignUpdate), async (c) =>
    c.json(await svc.updateCampaign(ctx(c), c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteCampaign(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.post("/:id/media-upload", limitBody({ upload: UPLOAD_LIMIT }), valid("param", idParam), async (c) =>
    c.json(await svc.attachCampaignMedia(ctx(c), c.req.valid("param").id, (await readOneFile(c)).file)));
  app.delete("/:id/media-upload", valid("param", idParam), async (c) =>
    c.json(await svc.detachCampaignMedia(ctx(c), c.req.valid("param").id)));
  app.post("/:id/cancel", valid("param", idParam), async (c) => c.json(await svc.cancelCampaign(ctx(c), c.req.valid("param").id)));
  app.post("/:id/restart", valid("param", idParam), async (c) => c.json(await svc.restartCampaign(ctx(c), c.req.valid("param").id)));
  app.get("/:id/shipping", valid("param", idParam), valid("query", svc.shippingQuery), async (c) =>
    c.json(await svc.pageShipping(ctx(c), c.req.valid("param").id, c.req.valid("query"))));
  return app;
}

/** The spec's client posts { settings: {...} }; a bare object is taken as the settings too. */
const settingsBody = z.preprocess(
  (v) => (v !== null && typeof v === "object" && "settings" in v ? (v as { settings: unknown }).settings : v),
  settingsInput,
);

export function campaignSettingsRoutes(deps: Deps) {
  const { app } = guarded(deps);
  app.get("/", async (c) => c.json(settingsEntries(await readCampaignSettings(c.get("tenant")))));
  app.post("/", valid("json", settingsBody), async (c) =>
    c.json(settingsEntries(await saveCampaignSettings(c.get("tenant"), c.req.valid("json")))));
  return app;
}
