// /files: GET (paged, searchable), GET /list (all, for choosers), GET/PUT/DELETE /:id, POST /, POST /uploadList/:id (multipart files).
import { Hono } from "hono";
import { type AppEnv, type Deps, serviceCtx } from "../../http/context.ts";
import { requireAuth } from "../../auth/guard.ts";
import { idParam, valid } from "../../http/validate.ts";
import { readMultipart, UPLOAD_LIMIT } from "../../http/uploads.ts";
import { limitBody } from "../../http/body-limit.ts";
import * as svc from "./service.ts";


export function filesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  const ctx = (c: Parameters<typeof serviceCtx>[0]) => serviceCtx(c, deps);
  app.get("/", valid("query", svc.filesQuery), async (c) => c.json(await svc.pageFileLists(ctx(c), c.req.valid("query"))));
  app.get("/list", async (c) => c.json(await svc.listFileLists(c.get("tenant"))));
  app.get("/:id", valid("param", idParam), async (c) => c.json(await svc.getFileList(ctx(c), c.req.valid("param").id)));
  app.post("/", valid("json", svc.fileListInput), async (c) => c.json(await svc.createFileList(ctx(c), c.req.valid("json")), 201));
  app.put("/:id", valid("param", idParam), valid("json", svc.fileListUpdate), async (c) =>
    c.json(await svc.updateFileList(ctx(c), c.req.valid("param").id, c.req.valid("json"))));
  app.delete("/:id", valid("param", idParam), async (c) => {
    await svc.deleteFileList(ctx(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  // The spec's client also sends fileId, typeArch and mediaType: the list is the path's,
  // and the type is what the media store finds in the bytes.
  app.post("/uploadList/:id", limitBody({ upload: UPLOAD_LIMIT }), valid("param", idParam), async (c) => {
    const { repeated, files } = await readMultipart(c, ["files", "files[]", "file"]);
    return c.json(await svc.uploadFiles(ctx(c), c.req.valid("param").id, files, {
      ids: repeated.id ?? [],
      names: repeated.name ?? [],
    }));
  });
  return app;
}
