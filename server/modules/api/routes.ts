// POST /api/messages/send: integrators send through a connection with its token.
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "../../http/context.ts";
import { AppError } from "../../http/errors.ts";
import { parseOr400 } from "../../http/validate.ts";
import { isMultipart, readMultipart } from "../../http/uploads.ts";
import { assertPlanFlag } from "../../http/plan.ts";
import { companyAccessError } from "../companies/access.ts";
import { byToken, tokenCompany } from "../whatsapps/service.ts";
import { sendThroughApi } from "./service.ts";

const sendInput = z.object({
  number: z.string().transform((s) => s.replace(/\D/g, "")).pipe(z.string().regex(/^\d{8,15}$/, "digits with country code, 8 to 15")),
  body: z.string().max(4096).optional().default(""),
  closeTicket: z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).optional()
    .transform((v) => v === true || v === "true" || v === "1"),
});

const invalidToken = () => new AppError("ERR_INVALID_API_TOKEN", 401, "Acesso não permitido");

export function apiRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post("/messages/send", async (c) => {
    const token = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1]?.trim() ?? "";
    const companyId = tokenCompany(token);
    if (!companyId) throw invalidToken();
    deps.apiLimiter.take(token);
    const refused = await companyAccessError(deps.control.db, companyId);
    if (refused) throw refused;
    await assertPlanFlag(deps.control.db, companyId, "useExternalApi");
    const { fields, files } = await body(c);
    const input = parseOr400(sendInput, fields);
    if (!files.length && !input.body.trim()) {
      throw new AppError("ERR_VALIDATION", 400, "body: text or medias required", { field: "body" });
    }
    for (const f of files) deps.media.check(f);
    const answer = await deps.registry.with(companyId, async (t) => {
      const connection = await byToken(t.db, token);
      if (!connection) throw invalidToken();
      return await sendThroughApi(deps, t, connection.id, { ...input, files });
    });
    return c.json({ mensagem: "Mensagem enviada", ...answer });
  });
  return app;
}

async function body(c: Context<AppEnv>) {
  if (isMultipart(c)) return await readMultipart(c);
  return { fields: await c.req.json().catch(() => null), files: [] };
}
