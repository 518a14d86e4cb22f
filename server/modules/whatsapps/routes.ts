// /whatsapp (connections) and /whatsappsession (start, new QR, disconnect).
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "../../http/context.ts";
import { isAdmin, requireAdmin, requireAuth } from "../../auth/guard.ts";
import { idParam, parseOr400, valid } from "../../http/validate.ts";
import { companyPlan } from "../../http/plan.ts";
import * as svc from "./service.ts";
import { companyEvent } from "../../../contracts/realtime.ts";


export function whatsappRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const published = (companyId: number, w: svc.WhatsappDto) => {
    svc.publishWhatsapp(deps.hub, companyId, w);
    return w;
  };

  // The live session's memory goes with each row (events carry the rows without it).
  const withFootprint = (companyId: number, w: svc.WhatsappDto) => ({ ...w, footprint: deps.sessions.footprint(companyId, w.id) });
  app.get("/", async (c) => {
    const t = c.get("tenant");
    return c.json((await svc.listWhatsapps(t, isAdmin(c.get("actor")))).map((w) => withFootprint(t.companyId, w)));
  });
  app.get("/:id", valid("param", idParam), async (c) => {
    const t = c.get("tenant");
    return c.json(withFootprint(t.companyId, await svc.getWhatsapp(t.db, c.req.valid("param").id, isAdmin(c.get("actor")))));
  });
  app.post("/", requireAdmin, valid("json", svc.whatsappCreate), async (c) => {
    const t = c.get("tenant");
    const plan = await companyPlan(deps.control.db, t.companyId);
    const w = await svc.createWhatsapp(t, c.req.valid("json"), plan?.connections ?? 0);
    published(t.companyId, w);
    // The session starts in the background: its status arrives by events.
    void deps.sessions.start(t.companyId, w.id);
    return c.json(w, 201);
  });
  app.put("/:id", requireAdmin, valid("param", idParam), valid("json", svc.whatsappUpdate), async (c) => {
    const t = c.get("tenant");
    const w = await svc.updateWhatsapp(t, deps.bus, c.req.valid("param").id, c.req.valid("json"));
    if (c.req.valid("json").isDefault) for (const other of await svc.listWhatsapps(t, false)) published(t.companyId, other);
    return c.json(published(t.companyId, w));
  });
  app.post("/:id/token", requireAdmin, valid("param", idParam), async (c) => {
    const t = c.get("tenant");
    return c.json(published(t.companyId, await svc.regenerateToken(t, c.req.valid("param").id)));
  });
  app.delete("/:id", requireAdmin, valid("param", idParam), async (c) => {
    const t = c.get("tenant");
    const id = c.req.valid("param").id;
    await svc.getWhatsapp(t.db, id);
    await deps.sessions.stop(t.companyId, id, true, { quiet: true });
    const newDefault = await svc.deleteWhatsapp(t, id);
    deps.hub.publish(t.companyId, companyEvent(t.companyId, "whatsapp"), { action: "delete", whatsappId: id });
    if (newDefault) published(t.companyId, newDefault);
    return c.body(null, 204);
  });
  return app;
}

export function whatsappSessionRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps), requireAdmin);
  // The answer comes at once; the session's progress arrives by whatsappSession events.
  const run = (action: (companyId: number, id: number) => Promise<void>, message: string) =>
    async (c: Context<AppEnv>) => {
      const t = c.get("tenant");
      const id = idParam.parse({ id: c.req.param("id") }).id;
      await svc.getWhatsapp(t.db, id);
      void action(t.companyId, id);
      return c.json({ message });
    };
  app.post("/:id", valid("param", idParam), async (c) => {
    // Optional {pairingNumber}: link by a code typed on the phone instead of a QR.
    const body = await c.req.json().catch(() => ({}));
    const { pairingNumber } = parseOr400(z.object({ pairingNumber: z.string().regex(/^\d{8,15}$/).optional() }), body ?? {});
    const t = c.get("tenant");
    const id = c.req.valid("param").id;
    await svc.getWhatsapp(t.db, id);
    void deps.sessions.start(t.companyId, id, { pairingNumber });
    return c.json({ message: "Starting session." });
  });
  app.put("/:id", valid("param", idParam), run((cid, id) => deps.sessions.restart(cid, id, { newQr: true }), "Starting session."));
  app.delete("/:id", valid("param", idParam), run((cid, id) => deps.sessions.stop(cid, id, true), "Session disconnected."));
  return app;
}
