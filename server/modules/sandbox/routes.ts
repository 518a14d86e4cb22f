// The sandbox phone: an admin plays a customer of a sandbox connection. Typing as the customer
// and reading what she got is also a manager's (the flow editor's Testar embeds the phone, and
// supervisors build flows); what changes the simulated WhatsApp itself stays an admin's.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAdmin, requireAuth, requireManager } from "../../auth/guard.ts";
import { recordId, parseOr400, valid } from "../../http/validate.ts";
import { isMultipart, readMultipart, UPLOAD_LIMIT } from "../../http/uploads.ts";
import { limitBody } from "../../http/body-limit.ts";
import { sandboxInbound } from "../../channels/sandbox/inbound.ts";
import { readOutbox } from "../../channels/sandbox/provider.ts";
import { assertSandbox, customerWrites, restrictSandbox } from "./service.ts";
import { saveAddressBook } from "../contacts/addressbook.ts";

const idParam = z.object({ whatsappId: recordId });

export function sandboxRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps), requireManager);

  app.post("/:whatsappId/inbound", limitBody({ upload: UPLOAD_LIMIT }), valid("param", idParam), async (c) => {
    const { fields, files } = isMultipart(c)
      ? await readMultipart(c)
      : { fields: await c.req.json().catch(() => null), files: [] };
    const input = parseOr400(sandboxInbound, fields);
    return c.json(await customerWrites(deps, c.get("tenant"), c.req.valid("param").whatsappId, input, files), 201);
  });

  app.get("/:whatsappId/outbox", valid("param", idParam), valid("query", z.object({
    number: z.string().regex(/^\d{8,15}$/),
    pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
  })), async (c) => {
    const { whatsappId } = c.req.valid("param");
    await assertSandbox(c.get("tenant"), whatsappId);
    const q = c.req.valid("query");
    return c.json(await readOutbox(deps.registry, c.get("tenant").companyId, whatsappId, q.number, q.pageNumber));
  });
  // WhatsApp's reach-out time-lock on the simulated number: active until a time, or lifted.
  app.post("/:whatsappId/restriction", requireAdmin, valid("param", idParam), valid("json", z.object({
    active: z.boolean(),
    until: z.iso.datetime({ offset: true }).optional(),
  })), async (c) => {
    const { active, until } = c.req.valid("json");
    await restrictSandbox(deps, c.get("tenant"), c.req.valid("param").whatsappId, {
      active,
      kind: "timelock",
      until: until ? Date.parse(until) : undefined,
    });
    return c.body(null, 204);
  });
  // The simulated phone's contacts, as a real phone reports its address book.
  // 20,000 entries of a name and a number.
  app.post("/:whatsappId/address-book", requireAdmin, limitBody({ json: 4 * 1024 * 1024 }), valid("param", idParam), valid("json", z.object({
    contacts: z.array(z.object({ name: z.string().max(100), number: z.string().regex(/^\+?[\d\s()-]{8,30}$/) })).max(20_000),
  })), async (c) => {
    const { whatsappId } = c.req.valid("param");
    await assertSandbox(c.get("tenant"), whatsappId);
    await saveAddressBook(c.get("tenant"), whatsappId, c.req.valid("json").contacts);
    return c.body(null, 204);
  });
  return app;
}
