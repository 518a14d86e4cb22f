// POST /api/messages/send: integrators send through a connection with its token.
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "../../http/context.ts";
import { AppError } from "../../http/errors.ts";
import { parseOr400 } from "../../http/validate.ts";
import { isMultipart, readMultipart, UPLOAD_LIMIT } from "../../http/uploads.ts";
import { limitBody } from "../../http/body-limit.ts";
import { tooMany } from "../../http/rate-limit.ts";
import { createMiddleware } from "hono/factory";
import { companyAccessError } from "../companies/access.ts";
import { connectionByToken, sendThroughApi } from "./service.ts";

const sendInput = z.object({
  number: z.string().transform((s) => s.replace(/\D/g, "")).pipe(z.string().regex(/^\d{8,15}$/, "digits with country code, 8 to 15")),
  body: z.string().max(4096).optional().default(""),
  closeTicket: z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).optional()
    .transform((v) => v === true || v === "true" || v === "1"),
});

const invalidToken = () => new AppError("ERR_INVALID_API_TOKEN", 401, "Acesso não permitido");

type ApiEnv = { Variables: AppEnv["Variables"] & { companyId: number; connectionId: number } };

/**
 * Only a token that belongs to a connection gets (and spends) a per-token budget, so made-up
 * tokens can neither use nor evict a real one's; wrong tokens are counted per address.
 */
const apiToken = (deps: Deps) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    const address = `api:${c.get("clientIp")}`;
    const wait = await deps.apiTokenFailures.retryAfter(address);
    if (wait) throw tooMany(wait);
    const token = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1]?.trim() ?? "";
    const found = await connectionByToken(deps, token);
    if (!found) {
      await deps.apiTokenFailures.fail(address);
      throw invalidToken();
    }
    await deps.apiLimiter.take(token);
    const refused = await companyAccessError(deps.control.db, found.companyId, deps.clock());
    if (refused) throw refused;
    c.set("companyId", found.companyId);
    c.set("connectionId", found.connectionId);
    await next();
  });

export function apiRoutes(deps: Deps) {
  const app = new Hono<ApiEnv>();

  // The token is checked before the body is read: a stranger's upload is refused unread.
  app.post("/messages/send", apiToken(deps), limitBody({ upload: UPLOAD_LIMIT }), async (c) => {
    const { fields, files } = await body(c);
    const input = parseOr400(sendInput, fields);
    if (!files.length && !input.body.trim()) {
      throw new AppError("ERR_VALIDATION", 400, "body: text or medias required", { field: "body" });
    }
    for (const f of files) deps.media.check(f);
    const answer = await deps.registry.with(c.get("companyId"), (t) =>
      sendThroughApi(deps, t, c.get("connectionId"), { ...input, files }));
    return c.json({ mensagem: "Mensagem enviada", ...answer });
  });
  return app;
}

async function body(c: Context<ApiEnv>) {
  if (isMultipart(c)) return await readMultipart(c);
  return { fields: await c.req.json().catch(() => null), files: [] };
}
