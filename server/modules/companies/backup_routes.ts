// The super user's backups, restores, exports, imports and database moves of companies
// (docs/api.md "Backups"). Each starts a job (jobs.ts) and answers 202 with it; the work runs off the
// request. Backups and exports are named, never given by path.
import { Hono } from "hono";
import { every } from "hono/combine";
import { join } from "node:path";
import { z } from "zod";
import type { AppEnv, Deps } from "../../http/context.ts";
import { requireAuth, requireSuper } from "../../auth/guard.ts";
import { idParam, recordId, valid } from "../../http/validate.ts";
import { streamedBody } from "../../http/body-limit.ts";
import { AppError } from "../../errors/app-error.ts";
import { COMPANY_CHANGED } from "../../realtime/hub.ts";
import { whatsapps } from "../../../db/tenant/schema.ts";
import type { TenantLocator } from "./locator.ts";
import { backupCompany, backupControl, backupPath, listBackups, restoreCompany, type RestoreHooks } from "./backups.ts";
import { exportCompany, exportPath, importCompany, readArchive, type TransferDeps } from "./transfer.ts";
import { BackupJobs } from "./jobs.ts";
import { assertServerUrl, databasePlace, moveToFile, moveToServer } from "./move.ts";
import { getCompany } from "./service.ts";
import type { BillNow } from "./routes.ts";

/** The largest archive an import takes over HTTP (the command line reads any file). */
export const IMPORT_MAX_BYTES = 8 * 1024 ** 3;

const nameParam = z.object({ id: recordId, name: z.string().max(100) });
const moveBody = z.object({ url: z.string().trim().min(1).max(2000), authToken: z.string().trim().max(4000).optional() });
const importQuery = z.object({ name: z.string().trim().min(2).max(50).optional(), planId: recordId.optional() });
const tooLarge = () => new AppError("ERR_ARCHIVE_TOO_LARGE", 413, "the archive is larger than allowed", { maxBytes: IMPORT_MAX_BYTES });

/**
 * The company's sessions around a restore: stopped, then started again as a boot starts
 * them; its timers read the restored data.
 */
export function sessionHooks(deps: Deps): RestoreHooks {
  return {
    stop: (id) => deps.sessions.stopCompany(id),
    async start(id) {
      // Its browsers reload what they show: the data under them changed.
      deps.hub.closeCompany(id, COMPANY_CHANGED);
      await deps.timers.wakeCompany(id);
      if (!(await getCompany(deps.control.db, id)).status) return;
      const ws = await deps.registry.with(id, (t) => t.db.select({ id: whatsapps.id }).from(whatsapps));
      for (const w of ws) await deps.sessions.start(id, w.id);
    },
  };
}

export function backupRoutes(deps: Deps, locator: TenantLocator, billNow: BillNow) {
  const tdeps: TransferDeps = {
    dataDir: deps.config.dataDir,
    control: deps.control.db,
    registry: deps.registry,
    locator,
    clock: deps.clock,
    mediaRoot: deps.media.root,
  };
  const jobs = new BackupJobs(deps.hub);
  const app = new Hono<AppEnv>();
  // Per route, not app.use("*"): mounted at /companies, a catch-all would guard the public
  // sign-up and the company's own routes too.
  const superOnly = every(requireAuth(deps), requireSuper);
  const owner = (c: { get: (k: "actor") => AppEnv["Variables"]["actor"] }) => {
    const a = c.get("actor");
    return { companyId: a.companyId, userId: a.userId };
  };

  app.get("/backup-jobs/:jobId", superOnly, (c) => c.json(jobs.get(c.req.param("jobId"))));

  app.post("/backups/control", superOnly, (c) =>
    c.json(jobs.start("backup", null, owner(c), async () => {
      const made = await backupControl(tdeps, deps.control.file);
      return { name: made.name, size: made.size };
    }), 202));

  app.get("/:id/backups", superOnly, valid("param", idParam), async (c) => {
    const id = c.req.valid("param").id;
    await getCompany(tdeps.control, id);
    return c.json(await listBackups(tdeps, id));
  });

  app.post("/:id/backups", superOnly, valid("param", idParam), async (c) => {
    const id = c.req.valid("param").id;
    await getCompany(tdeps.control, id);
    return c.json(jobs.start("backup", id, owner(c), async () => {
      const made = await backupCompany(tdeps, id);
      return { name: made.name, size: made.size };
    }), 202);
  });

  app.post("/:id/backups/:name/restore", superOnly, valid("param", nameParam), async (c) => {
    const { id, name } = c.req.valid("param");
    const source = await backupPath(tdeps, id, name);
    return c.json(jobs.start("restore", id, owner(c), async () => {
      const done = await restoreCompany(tdeps, id, source, sessionHooks(deps));
      return { name: done.replacedBy };
    }), 202);
  });

  app.get("/:id/database", superOnly, valid("param", idParam), async (c) => c.json(await databasePlace(tdeps, c.req.valid("param").id)));

  app.post("/:id/move", superOnly, valid("param", idParam), valid("json", moveBody), async (c) => {
    const id = c.req.valid("param").id;
    const { url, authToken } = c.req.valid("json");
    assertServerUrl(url);
    await getCompany(tdeps.control, id);
    return c.json(jobs.start("move", id, owner(c), async (steps) => {
      const moved = await moveToServer(tdeps, id, { url, authToken: authToken || null }, sessionHooks(deps), (rows, total, tables, all) =>
        steps.progress(rows, total, { done: tables, total: all }));
      return moved.keptAs ? { name: moved.keptAs } : {};
    }), 202);
  });

  app.post("/:id/move-back", superOnly, valid("param", idParam), async (c) => {
    const id = c.req.valid("param").id;
    await getCompany(tdeps.control, id);
    return c.json(jobs.start("moveBack", id, owner(c), async (steps) => {
      await moveToFile(tdeps, id, sessionHooks(deps), (rows, total, tables, all) => steps.progress(rows, total, { done: tables, total: all }));
      return {};
    }), 202);
  });

  app.post("/:id/export", superOnly, valid("param", idParam), async (c) => {
    const id = c.req.valid("param").id;
    await getCompany(tdeps.control, id);
    return c.json(jobs.start("export", id, owner(c), async (steps) => {
      const made = await exportCompany(tdeps, id, steps.progress);
      return { name: made.name, size: made.size };
    }), 202);
  });

  app.get("/:id/exports/:name", superOnly, valid("param", nameParam), async (c) => {
    const { id, name } = c.req.valid("param");
    const path = await exportPath(tdeps, id, name);
    const file = await Deno.open(path);
    const size = (await file.stat()).size;
    return c.body(file.readable, 200, {
      "content-type": "application/octet-stream",
      "content-length": String(size),
      "content-disposition": `attachment; filename="company-${id}-${name}"`,
    });
  });

  // The archive is the raw body (application/octet-stream), streamed to disk and counted.
  app.post("/import", superOnly, streamedBody(IMPORT_MAX_BYTES, tooLarge), valid("query", importQuery), async (c) => {
    const opts = c.req.valid("query");
    const upload = await receive(c.req.raw.body, join(tdeps.dataDir, "imports"));
    try {
      // The header's checks answer at once; the entries' checksums are checked as they are copied out.
      await readArchive(upload);
      return c.json(jobs.start("import", null, owner(c), async (steps) => {
        try {
          const made = await importCompany(tdeps, upload, opts, steps.progress);
          steps.company(made.companyId);
          const company = await getCompany(tdeps.control, made.companyId);
          await billNow(company.id);
          // Its lapse, schedules, campaigns... read from what it brought.
          await deps.timers.wakeCompany(company.id);
          return { companyId: made.companyId };
        } finally {
          await Deno.remove(upload).catch(() => {});
        }
      }), 202);
    } catch (err) {
      await Deno.remove(upload).catch(() => {});
      throw err;
    }
  });

  return app;
}

/** Writes the body to a new file under `dir`, refusing it past IMPORT_MAX_BYTES; answers its path. */
async function receive(body: ReadableStream<Uint8Array> | null, dir: string): Promise<string> {
  if (!body) throw new AppError("ERR_ARCHIVE_INVALID", 400, "not a valid company archive: the body is empty", { reason: "empty" });
  await Deno.mkdir(dir, { recursive: true });
  const path = join(dir, `${crypto.randomUUID()}.upload`);
  try {
    using file = await Deno.open(path, { write: true, createNew: true });
    let size = 0;
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > IMPORT_MAX_BYTES) throw tooLarge();
      for (let at = 0; at < chunk.byteLength;) at += await file.write(chunk.subarray(at));
    }
    return path;
  } catch (err) {
    await Deno.remove(path).catch(() => {});
    if (err instanceof AppError) throw err;
    throw new AppError("ERR_BAD_REQUEST", 400, "the request body was cut short");
  }
}
