// Builds the Hono app: cross-cutting middleware, the routes of every area, the web app.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { cors } from "hono/cors";
import { getConnInfo } from "hono/deno";
import type { AppEnv, Deps } from "./http/context.ts";
import { appErrorOf } from "./errors/app-error.ts";
import { PAGING_HEADERS } from "../contracts/paging.ts";
import { authRoutes, loggablePath, specResetRoutes } from "./auth/routes.ts";
import { usersRoutes } from "./modules/users/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { plansRoutes } from "./modules/plans/routes.ts";
import { companiesRoutes } from "./modules/companies/routes.ts";
import { backupRoutes } from "./modules/companies/backup_routes.ts";
import { queueOptionsRoutes, queuesRoutes } from "./modules/queues/routes.ts";
import { whatsappRoutes, whatsappSessionRoutes } from "./modules/whatsapps/routes.ts";
import { ticketsRoutes } from "./modules/tickets/routes.ts";
import { messagesRoutes } from "./modules/messages/routes.ts";
import { sandboxRoutes } from "./modules/sandbox/routes.ts";
import { apiRoutes } from "./modules/api/routes.ts";
import { contactsRoutes } from "./modules/contacts/routes.ts";
import { notesRoutes } from "./modules/notes/routes.ts";
import { tagsRoutes, ticketKanbanRoutes, ticketTagsRoutes } from "./modules/tags/routes.ts";
import { quickMessagesRoutes } from "./modules/quickmessages/routes.ts";
import { filesRoutes } from "./modules/files/routes.ts";
import { schedulesRoutes } from "./modules/schedules/routes.ts";
import { chatsRoutes } from "./modules/chats/routes.ts";
import { contactListItemsRoutes, contactListsRoutes } from "./modules/contactlists/routes.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { announcementsRoutes } from "./modules/announcements/routes.ts";
import { helpsRoutes } from "./modules/helps/routes.ts";
import { campaignSettingsRoutes, campaignsRoutes } from "./modules/campaigns/routes.ts";
import { flowBuilderRoutes, flowCampaignRoutes } from "./modules/flows/routes.ts";
import { promptsRoutes } from "./modules/prompts/routes.ts";
import { queueIntegrationRoutes } from "./modules/queueintegrations/routes.ts";
import {
  billingSettingsRoutes,
  invoicesRoutes,
  subscriptionRoutes,
} from "./modules/billing/routes.ts";
import { billIfDue } from "./modules/billing/invoices.ts";
import { mediaRoutes } from "./http/media.ts";
import { realtimeRoutes } from "./realtime/transports.ts";
import { socketIoRoutes } from "./realtime/socketio.ts";
import type { TenantLocator } from "./modules/companies/locator.ts";
import { staticSite } from "./http/static.ts";
import { planGate } from "./http/plan-gate.ts";
import { edgeChecks } from "./http/edge.ts";
import { defaultBodyLimit } from "./http/body-limit.ts";
import { genericConflict, isUniqueViolation } from "./http/conflicts.ts";
import { errorFields, log } from "./log.ts";
import { VERSION } from "./version.ts";
import { clientAddress, trustedProxies } from "./http/client_ip.ts";
import { countRequests, metricsEndpoint } from "./metrics/http.ts";

export function buildApp(deps: Deps, locator: TenantLocator, opts: { webRoot?: string } = {}) {
  // The spec's client calls some lists with a trailing slash (GET /users/, /tags/...):
  // every route answers both ways.
  const app = new Hono<AppEnv>({ strict: false });
  // First, so its time and status are the whole answer's, refusals by the others included.
  if (deps.metrics) app.use("*", countRequests(deps.metrics));
  app.use("*", deps.load.middleware);

  const trusted = trustedProxies(deps.config.trustedProxies);
  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    c.set("requestId", requestId);
    let ip = "unknown";
    try {
      ip = clientAddress(getConnInfo(c).remote.address ?? ip, c.req.header("x-forwarded-for"), trusted);
    } catch { /* not served by Deno.serve (tests calling app.request) */ }
    c.set("clientIp", ip);
    const start = performance.now();
    await next();
    c.header("x-request-id", requestId);
    if (c.req.path !== "/health") {
      log.info("request", {
        reqId: requestId,
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - start),
      });
    }
  });

  // Browsers on the configured origins may call the API with credentials (the refresh
  // cookie); any other origin gets no CORS headers at all, so the browser refuses it.
  const origins = new Set(deps.config.corsOrigins);
  const allowCors = cors({
    origin: (origin) => origins.has(origin) ? origin : null,
    credentials: true,
    allowHeaders: ["authorization", "content-type", "x-request-id"],
    exposeHeaders: ["x-request-id", ...Object.values(PAGING_HEADERS)],
    maxAge: 600,
  });
  app.use(
    "*",
    (c, next) => origins.has(c.req.header("origin") ?? "") ? allowCors(c, next) : next(),
  );
  app.use("*", edgeChecks);
  app.use("*", defaultBodyLimit);
  // Instances: a company's request goes to the instance that holds it (cluster/forward.ts).
  if (deps.forwarder) app.use("*", deps.forwarder);

  app.onError((err, c) => {
    const known = appErrorOf(err);
    if (known) return c.json(known.toBody(), known.status);
    // Malformed JSON bodies and the like: the client's fault, said plainly.
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 400 ? "ERR_VALIDATION" : "ERR_BAD_REQUEST";
      return c.json({ error: code, message: err.message || "bad request" }, err.status);
    }
    // A unique index refused a write that no service check named: a conflict, not a crash.
    if (isUniqueViolation(err)) {
      log.warn("unique violation", {
        reqId: c.get("requestId"),
        path: loggablePath(c.req.path),
        ...errorFields(err),
      });
      return c.json(genericConflict().toBody(), 409);
    }
    log.error("unhandled error", {
      reqId: c.get("requestId"),
      path: loggablePath(c.req.path),
      ...errorFields(err),
    });
    return c.json(
      { error: "ERR_INTERNAL_SERVER_ERROR", message: "unexpected error, try later" },
      500,
    );
  });

  app.get("/health", async (c) => {
    let database = "ok";
    try {
      await deps.control.db.run(sql`SELECT 1`);
    } catch {
      database = "error";
    }
    return c.json(
      // With REDIS_URL also what this instance runs: { instance: { id, companies, connections, ... } }.
      { status: database === "ok" ? "ok" : "degraded", version: VERSION, database, ...deps.ownership.health() },
      database === "ok" ? 200 : 503,
    );
  });

  // Without a token there is no /metrics: it answers 404 like any unknown path.
  if (deps.metrics && deps.config.metricsToken) {
    app.get("/metrics", metricsEndpoint(deps, deps.metrics, deps.config.metricsToken));
  }

  // Page routes and API routes share paths (/users is both), so a browser navigation
  // (GET asking for HTML, no bearer) gets the web app and everything else the API.
  const site = staticSite(opts.webRoot);
  app.use("*", async (c, next) => {
    const wantsPage = c.req.method === "GET" && !c.req.header("authorization") &&
      (c.req.header("accept") ?? "").includes("text/html");
    return wantsPage ? await site(c) : await next();
  });

  // Plan flags are enforced here for every area at once (declared in http/plan.ts).
  app.use("*", planGate(deps));

  app.route("/auth", authRoutes(deps));
  app.route("/", specResetRoutes(deps));
  app.route("/plans", plansRoutes(deps));
  // Before the companies' own routes: their /:id would take /companies/backup-jobs.
  app.route("/companies", backupRoutes(deps, locator, (id) => billIfDue(deps.control.db, id, deps.clock())));
  app.route(
    "/companies",
    companiesRoutes(deps, locator, (id) => billIfDue(deps.control.db, id, deps.clock())),
  );
  app.route("/users", usersRoutes(deps));
  app.route("/settings", settingsRoutes(deps));
  app.route("/queue", queuesRoutes(deps));
  app.route("/queue-options", queueOptionsRoutes(deps));
  app.route("/whatsapp", whatsappRoutes(deps));
  app.route("/whatsappsession", whatsappSessionRoutes(deps));
  app.route("/tickets", ticketsRoutes(deps));
  app.route("/messages", messagesRoutes(deps));
  app.route("/contacts", contactsRoutes(deps));
  app.route("/ticket-notes", notesRoutes(deps));
  app.route("/tags", tagsRoutes(deps));
  app.route("/ticket", ticketKanbanRoutes(deps));
  app.route("/ticket-tags", ticketTagsRoutes(deps));
  app.route("/quick-messages", quickMessagesRoutes(deps));
  app.route("/files", filesRoutes(deps));
  app.route("/schedules", schedulesRoutes(deps));
  app.route("/chats", chatsRoutes(deps));
  app.route("/contact-lists", contactListsRoutes(deps));
  app.route("/contact-list-items", contactListItemsRoutes(deps));
  app.route("/dashboard", dashboardRoutes(deps));
  app.route("/announcements", announcementsRoutes(deps));
  app.route("/helps", helpsRoutes(deps));
  app.route("/campaigns", campaignsRoutes(deps));
  app.route("/campaign-settings", campaignSettingsRoutes(deps));
  app.route("/flowbuilder", flowBuilderRoutes(deps));
  app.route("/queueIntegration", queueIntegrationRoutes(deps));
  app.route("/flowcampaign", flowCampaignRoutes(deps));
  app.route("/prompt", promptsRoutes(deps));
  app.route("/invoices", invoicesRoutes(deps));
  app.route("/subscription", subscriptionRoutes(deps));
  app.route("/billing", billingSettingsRoutes(deps));
  app.route("/sandbox", sandboxRoutes(deps));
  app.route("/api", apiRoutes(deps));
  app.route("/public", mediaRoutes(deps));
  app.route("/", realtimeRoutes(deps));
  app.route("/", socketIoRoutes(deps));
  app.get("/assets/*", site);
  app.get("/favicon.svg", site);
  app.get("/emoji/*", site);

  app.notFound((c) => c.json({ error: "ERR_NOT_FOUND", message: "no such route" }, 404));
  return app;
}
