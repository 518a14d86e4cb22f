// GET/POST /messages/:ticketId, GET /messages/:ticketId/history, DELETE /messages/:id. JSON for text, multipart for media.
import { Hono } from "hono";
import { z } from "zod";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { recordId, idParam, noneable, parseOr400, valid } from "../../http/validate.ts";
import { isMultipart, readMultipart, UPLOAD_LIMIT } from "../../http/uploads.ts";
import { limitBody } from "../../http/body-limit.ts";
import { AppError } from "../../http/errors.ts";
import * as svc from "./service.ts";
import { historyQuery, ticketHistory } from "./history.ts";

const ticketParam = z.object({ ticketId: recordId });
const mediaFields = z.object({
  body: z.string().max(4096).optional().default(""),
  quotedMsg: noneable(recordId),
  sign: z.enum(["true", "false"]).optional().default("false"),
});

export function messagesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);

  app.get("/:ticketId", valid("param", ticketParam), valid("query", z.object({
    pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
  })), async (c) => c.json(await svc.listMessages(ctx(c), c.req.valid("param").ticketId, c.req.valid("query").pageNumber)));

  app.get("/:ticketId/history", valid("param", ticketParam), valid("query", historyQuery), async (c) =>
    c.json(await ticketHistory(ctx(c), c.req.valid("param").ticketId, c.req.valid("query").cursor)));

  app.post("/:ticketId", limitBody({ upload: UPLOAD_LIMIT }), valid("param", ticketParam), async (c) => {
    const ticketId = c.req.valid("param").ticketId;
    if (!isMultipart(c)) {
      const { body, quotedMsg, sign, quickMessageId } = parseOr400(svc.sendText, await c.req.json().catch(() => null));
      const sent = await svc.sendFromDesk(ctx(c), ticketId, { body, quotedMsgId: quotedMsg ?? undefined, sign, quickMessageId });
      // A text alone answers its message; with a quick answer's attachment the text is its caption.
      return c.json(sent[0], 201);
    }
    const { fields, files } = await readMultipart(c);
    const f = parseOr400(mediaFields, fields);
    if (!files.length) throw new AppError("ERR_VALIDATION", 400, "medias: at least one file", { field: "medias" });
    return c.json(await svc.sendFromDesk(ctx(c), ticketId, {
      body: f.body.trim(),
      quotedMsgId: f.quotedMsg ?? undefined,
      sign: f.sign === "true",
      files,
    }), 201);
  });

  app.delete("/:id", valid("param", idParam), async (c) =>
    c.json(await svc.deleteMessage(ctx(c), c.req.valid("param").id)));
  return app;
}
