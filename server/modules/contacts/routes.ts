// /contacts: the directory of the company's contacts.
import { Hono } from "hono";
import { z } from "zod";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { valid } from "../../http/validate.ts";
import * as svc from "./service.ts";
import { contactsCsv } from "./export.ts";

const idParam = z.object({ id: z.coerce.number().int().positive() });

export function contactsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);

  app.get("/", valid("query", svc.contactListQuery), async (c) =>
    c.json(await svc.listContacts(c.get("tenant"), c.req.valid("query"))));
  app.get("/list", async (c) => c.json(await svc.listContactsBrief(c.get("tenant"))));
  app.get("/export", (c) =>
    new Response(contactsCsv(deps.registry, c.get("tenant").companyId), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="contatos.csv"`,
      },
    }));
  app.get("/:id", valid("param", idParam), async (c) => c.json(await svc.getContact(c.get("tenant"), c.req.valid("param").id)));
  app.post("/", valid("json", svc.contactCreate), async (c) => c.json(await svc.createContact(ctx(c), c.req.valid("json")), 201));
  app.put("/:id", valid("param", idParam), valid("json", svc.contactUpdate), async (c) =>
    c.json(await svc.updateContact(ctx(c), c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteContact(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
