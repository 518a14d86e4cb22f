// /contacts: the directory of the company's contacts.
import { Hono } from "hono";
import { z } from "zod";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { idParam, noneable, valid } from "../../http/validate.ts";
import * as svc from "./service.ts";
import { contactsCsv } from "./export.ts";
import { isMultipart } from "../../http/uploads.ts";
import { limitBody } from "../../http/body-limit.ts";
import { AppError } from "../../http/errors.ts";
import { importRows } from "./import.ts";
import { MAX_ROWS, MAX_SHEET_BYTES, readSheet } from "./spreadsheet.ts";
import { importFromPhone } from "./addressbook.ts";

const uploadRows = z.object({
  rows: z.array(z.object({
    name: z.coerce.string().max(200).default(""),
    number: z.coerce.string().max(200).default(""),
    email: z.coerce.string().max(200).optional(),
  })).max(MAX_ROWS),
});


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
  // The sheet, or the rows the client read from it (up to MAX_ROWS of three short texts).
  app.post("/upload", limitBody({ upload: MAX_SHEET_BYTES + 64 * 1024, json: 8 * 1024 * 1024 }), async (c) => {
    const rows = isMultipart(c) ? await readSheet(await uploadedFile(c)) : await jsonRows(c);
    return c.json(await importRows(ctx(c), rows));
  });
  app.post("/import", valid("json", z.object({ whatsappId: noneable(z.number().int().positive()) })), async (c) =>
    c.json(await importFromPhone(ctx(c), c.req.valid("json").whatsappId ?? undefined)));
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

export async function uploadedFile(c: Parameters<typeof isMultipart>[0]): Promise<Uint8Array> {
  const form = await c.req.formData().catch(() => null);
  const file = form?.get("file");
  if (!file || typeof file === "string") throw new AppError("ERR_VALIDATION", 400, "file: attach an .xlsx file", { field: "file" });
  return new Uint8Array(await file.arrayBuffer());
}

/** Rows already read by the client, numbered as a spreadsheet would (header is row 1). */
async function jsonRows(c: Parameters<typeof isMultipart>[0]) {
  const parsed = uploadRows.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) throw new AppError("ERR_VALIDATION", 400, "rows: a list of {name, number, email}", { field: "rows" });
  return parsed.data.rows.map((r, i) => ({ ...r, row: i + 2 }));
}
