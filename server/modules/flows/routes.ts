// /flowbuilder and /flowcampaign (seed 002 "Flow builder" and "Flow campaigns", as its
// client calls them, trailing slashes included). Admins and supervisors; deleting a flow
// campaign is for the roles with the delete-contact permission (admins). The plan's
// useCampaigns flag is the app's plan gate's (server/http/plan.ts PLAN_GATES).
import { type Context, Hono } from "hono";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAdmin, requireAuth, requireManager } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import { limitBody } from "../../http/body-limit.ts";
import { readMultipart } from "../../http/uploads.ts";
import { AppError } from "../../http/errors.ts";
import * as flowsSvc from "./flows.ts";
import * as versions from "./versions.ts";
import * as campaigns from "./campaigns.ts";
import { flowStats, statsQuery } from "./stats.ts";
import { flowTest, testFlow } from "./testar.ts";
import { type FlowMediaKind, ROUTE_KINDS, saveFlowMedia, UPLOAD_LIMITS } from "./media.ts";

const flowsCtx = (
  c: Context<AppEnv>,
  deps: Deps,
): flowsSvc.FlowsCtx & versions.GraphDeps => ({
  tenant: c.get("tenant"),
  hub: deps.hub,
  userId: c.get("actor").userId,
  media: deps.media,
  secrets: deps.secrets,
  addresses: deps.addresses,
});

export function flowBuilderRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps), requireManager);
  const ctx = (c: Context<AppEnv>) => flowsCtx(c, deps);

  app.get(
    "/",
    valid("query", flowsSvc.flowsQuery),
    async (c) => c.json(await flowsSvc.pageFlows(ctx(c), c.req.valid("query"))),
  );
  app.post(
    "/",
    valid("json", flowsSvc.flowCreate),
    async (c) => c.json(await flowsSvc.createFlow(ctx(c), c.req.valid("json")), 201),
  );
  app.put(
    "/",
    valid("json", flowsSvc.flowUpdate),
    async (c) => c.json(await flowsSvc.updateFlow(ctx(c), c.req.valid("json"))),
  );
  app.post(
    "/duplicate",
    valid("json", flowsSvc.flowDuplicate),
    async (c) => c.json(await flowsSvc.duplicateFlow(ctx(c), c.req.valid("json").flowId), 201),
  );
  app.get(
    "/flow/:id",
    valid("param", idParam),
    async (c) =>
      c.json(await versions.getFlowGraph(c.get("tenant"), deps.secrets, c.req.valid("param").id)),
  );
  app.post(
    "/flow",
    valid("json", versions.graphSave),
    async (c) => c.json(await versions.saveFlowGraph(ctx(c), c.req.valid("json"))),
  );
  app.get(
    "/:id/stats",
    valid("param", idParam),
    valid("query", statsQuery),
    async (c) =>
      c.json(
        await flowStats(
          c.get("tenant"),
          c.req.valid("param").id,
          c.req.valid("query").days,
          deps.clock(),
        ),
      ),
  );
  // The editor's Testar: the published version, or the draft sent, played against a sandbox phone.
  app.post(
    "/:id/test",
    valid("param", idParam),
    valid("json", flowTest),
    async (c) =>
      c.json(
        await testFlow(
          deps,
          c.get("tenant"),
          c.get("actor").userId,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        201,
      ),
  );
  app.delete("/:id", valid("param", idParam), async (c) => {
    await flowsSvc.deleteFlow(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  // Multipart `medias` (the original also sends `body`, the file name, and `fromMe`: neither is kept).
  const upload = (route: keyof typeof ROUTE_KINDS, one: boolean) => async (c: Context<AppEnv>) => {
    const { files } = await readMultipart(c);
    if (one && files.length > 1) {
      throw new AppError("ERR_VALIDATION", 400, "medias: one file", { field: "medias" });
    }
    const kinds: readonly FlowMediaKind[] = ROUTE_KINDS[route];
    const names = await saveFlowMedia(deps.media, c.get("tenant").companyId, files, kinds);
    return c.json(one ? { name: names[0] } : names);
  };
  app.post("/img", limitBody({ upload: UPLOAD_LIMITS.img }), upload("img", true));
  app.post("/audio", limitBody({ upload: UPLOAD_LIMITS.audio }), upload("audio", true));
  app.post("/content", limitBody({ upload: UPLOAD_LIMITS.content }), upload("content", false));
  return app;
}

export function flowCampaignRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps), requireManager);
  const ctx = (c: Context<AppEnv>) => ({ tenant: c.get("tenant"), hub: deps.hub });

  app.get("/", async (c) => c.json(await campaigns.listCampaigns(c.get("tenant"))));
  // { details }: the original client's name (res.data.details).
  app.get(
    "/:id",
    valid("param", idParam),
    async (c) =>
      c.json({ details: await campaigns.getCampaign(c.get("tenant"), c.req.valid("param").id) }),
  );
  app.post(
    "/",
    valid("json", campaigns.campaignCreate),
    async (c) => c.json(await campaigns.createCampaign(ctx(c), c.req.valid("json")), 201),
  );
  app.put(
    "/",
    valid("json", campaigns.campaignUpdate),
    async (c) => c.json(await campaigns.updateCampaign(ctx(c), c.req.valid("json"))),
  );
  app.delete("/:id", requireAdmin, valid("param", idParam), async (c) => {
    await campaigns.deleteCampaign(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
