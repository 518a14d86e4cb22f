// The sandbox phone: an admin plays a customer of a sandbox connection.
import { type Context, Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAdmin, requireAuth } from "../../auth/guard.ts";
import { parseOr400, valid } from "../../http/validate.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { isMultipart, readMultipart } from "../../http/uploads.ts";
import { messages, whatsapps } from "../../../db/tenant/schema.ts";
import { buildInbound, sandboxInbound } from "../../channels/sandbox/inbound.ts";
import { readOutbox } from "../../channels/sandbox/provider.ts";

const idParam = z.object({ whatsappId: z.coerce.number().int().positive() });

export function sandboxRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps), requireAdmin);

  async function sandboxConnection(c: Context<AppEnv>, whatsappId: number) {
    const [w] = await c.get("tenant").db.select({ provider: whatsapps.provider }).from(whatsapps)
      .where(eq(whatsapps.id, whatsappId));
    if (!w) throw notFound("ERR_NO_WAPP_FOUND");
    if (w.provider !== "sandbox") throw new AppError("ERR_NOT_SANDBOX", 400, "this connection is not a sandbox phone");
  }

  app.post("/:whatsappId/inbound", valid("param", idParam), async (c) => {
    const { whatsappId } = c.req.valid("param");
    const t = c.get("tenant");
    await sandboxConnection(c, whatsappId);
    deps.sessions.connected(t.companyId, whatsappId);
    const { fields, files } = isMultipart(c)
      ? await readMultipart(c)
      : { fields: await c.req.json().catch(() => null), files: [] };
    const input = parseOr400(sandboxInbound, fields);
    if (!files.length && !input.location && !input.vcard && !input.body.trim()) {
      throw new AppError("ERR_VALIDATION", 400, "body: write something or attach a file", { field: "body" });
    }
    let quotedWid = input.quotedWid;
    if (input.quotedId || quotedWid) {
      const [q] = await t.db.select({ wid: messages.wid }).from(messages).where(and(
        eq(messages.whatsappId, whatsappId),
        input.quotedId ? eq(messages.id, input.quotedId) : eq(messages.wid, quotedWid!),
      ));
      if (!q) throw notFound("ERR_NO_MESSAGE_FOUND");
      quotedWid = q.wid;
    }
    const stored = [];
    for (const msg of buildInbound(input, files, quotedWid)) {
      const done = await deps.inbox.receive(t.companyId, whatsappId, msg);
      if (done) stored.push(done.message);
    }
    return c.json(stored, 201);
  });

  app.get("/:whatsappId/outbox", valid("param", idParam), valid("query", z.object({
    number: z.string().regex(/^\d{8,15}$/),
    pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
  })), async (c) => {
    const { whatsappId } = c.req.valid("param");
    await sandboxConnection(c, whatsappId);
    const q = c.req.valid("query");
    return c.json(await readOutbox(deps.registry, c.get("tenant").companyId, whatsappId, q.number, q.pageNumber));
  });
  return app;
}
