// /contact-lists and /contact-list-items (seed 002 section 7). Admins and supervisors (the
// campaigns' people); the app's plan gate (server/http/plan.ts) checks the campaigns flag.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { type AppEnv, type Deps } from "../../http/context.ts";
import { requireAuth, requireManager } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import { limitBody } from "../../http/body-limit.ts";
import { MAX_SHEET_BYTES, readSheet } from "../contacts/spreadsheet.ts";
import { uploadedFile } from "../contacts/routes.ts";
import * as svc from "./service.ts";
import { importIntoList } from "./import.ts";
import { exampleSheet } from "./example.ts";

type Ctx = Parameters<ReturnType<typeof createMiddleware<AppEnv>>>[0];

function guarded(deps: Deps) {
  const app = new Hono<AppEnv>();
  // The plan's useCampaigns flag is the app's plan gate's (server/http/plan.ts PLAN_GATES).
  app.use("*", requireAuth(deps), requireManager);
  const ctx = (c: Ctx): svc.ListCtx => {
    const tenant = c.get("tenant");
    return { tenant, hub: deps.hub, checkNumbers: () => deps.numberCheck.kick(tenant.companyId) };
  };
  return { app, ctx };
}

export function contactListsRoutes(deps: Deps) {
  const { app, ctx } = guarded(deps);
  app.get(
    "/",
    valid("query", svc.listPageQuery),
    async (c) => c.json(await svc.pageLists(ctx(c), c.req.valid("query"))),
  );
  app.get("/list", async (c) => c.json(await svc.allLists(ctx(c))));
  app.get("/example", async (c) =>
    c.body(await exampleSheet() as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="lista-de-contatos-exemplo.xlsx"`,
    }));
  app.get(
    "/:id",
    valid("param", idParam),
    async (c) => c.json(await svc.getList(ctx(c), c.req.valid("param").id)),
  );
  app.post(
    "/",
    valid("json", svc.listInput),
    async (c) => c.json(await svc.createList(ctx(c), c.req.valid("json")), 201),
  );
  app.put(
    "/:id",
    valid("param", idParam),
    valid("json", svc.listInput),
    async (c) => c.json(await svc.updateList(ctx(c), c.req.valid("param").id, c.req.valid("json"))),
  );
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteList(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.post(
    "/:id/upload",
    valid("param", idParam),
    limitBody({ upload: MAX_SHEET_BYTES + 64 * 1024 }),
    async (c) => {
      const rows = await readSheet(await uploadedFile(c), { xls: true });
      return c.json(await importIntoList(ctx(c), c.req.valid("param").id, rows));
    },
  );
  return app;
}

export function contactListItemsRoutes(deps: Deps) {
  const { app, ctx } = guarded(deps);
  app.get(
    "/",
    valid("query", svc.itemPageQuery),
    async (c) => c.json(await svc.pageItems(ctx(c), c.req.valid("query"))),
  );
  app.get(
    "/:id",
    valid("param", idParam),
    async (c) => c.json(await svc.getItem(ctx(c), c.req.valid("param").id)),
  );
  app.post(
    "/",
    valid("json", svc.itemInput),
    async (c) => c.json(await svc.createItem(ctx(c), c.req.valid("json")), 201),
  );
  app.put(
    "/:id",
    valid("param", idParam),
    valid("json", svc.itemUpdate),
    async (c) => c.json(await svc.updateItem(ctx(c), c.req.valid("param").id, c.req.valid("json"))),
  );
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteItem(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
