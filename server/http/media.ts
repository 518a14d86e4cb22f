// GET /public/:companyId/:file: message media. The name is the secret (128 random
// bits); the type comes from our own extension, never from the upload. Anything a
// browser could run is sent as a download, sandboxed.
import { Hono } from "hono";
import type { AppEnv, Deps } from "./context.ts";
import { recordId } from "./validate.ts";

export function mediaRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get("/:companyId/:file", async (c) => {
    const companyId = recordId.safeParse(c.req.param("companyId"));
    const found = companyId.success ? await deps.media.open(companyId.data, c.req.param("file")) : null;
    if (!found) return c.json({ error: "ERR_NOT_FOUND", message: "no such file" }, 404);
    const file = await Deno.open(found.path, { read: true });
    return new Response(file.readable, {
      headers: {
        "content-type": found.mimetype,
        "content-length": String(found.size),
        "cache-control": "private, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
        "content-security-policy": "sandbox; default-src 'none'",
        "content-disposition": found.inline ? "inline" : "attachment",
      },
    });
  });
  return app;
}
