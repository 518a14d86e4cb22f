// The operator's command line on a data folder (DATA_DIR, as the server reads it):
//
//   deno task admin backup <companyId | control> [--out FILE]
//   deno task admin restore <companyId> <backup name in its folder, or FILE>
//   deno task admin export <companyId> [--out FILE]
//   deno task admin import <FILE> [--name NAME] [--plan PLAN_ID]
//   deno task admin move <companyId> <URL> [--auth-token TOKEN]
//   deno task admin move-back <companyId>
//
// Backups and exports read on a connection of their own and are consistent while a server
// writes: they run beside it. Restores, imports and moves change what a server holds (the
// file it has open; companies its timers and billing do not know; where a company's database
// is), so they refuse while a server on this data folder answers (tenancy/holders.ts), and
// always with CONTROL_DB_URL (servers on other hosts cannot be seen): use the super user's
// companies tab then.
import { parseArgs } from "node:util";
import { join, resolve } from "node:path";
import { controlLocation, loadConfig } from "./config.ts";
import { type Control, openControl } from "./tenancy/control.ts";
import { TenantRegistry } from "./tenancy/registry.ts";
import { runningServers } from "./tenancy/holders.ts";
import { tenantLocator } from "./modules/companies/locator.ts";
import { backupCompany, backupControl, backupPath, restoreCompany } from "./modules/companies/backups.ts";
import { exportCompany, importCompany, type TransferDeps } from "./modules/companies/transfer.ts";
import { moveToFile, moveToServer } from "./modules/companies/move.ts";
import { loadSecrets } from "./auth/secrets.ts";
import { SecretBox } from "./secrets/box.ts";
import { AppError } from "./errors/app-error.ts";

const USAGE = `usage:
  deno task admin backup <companyId | control> [--out FILE]
  deno task admin restore <companyId> <BACKUP_NAME | FILE>
  deno task admin export <companyId> [--out FILE]
  deno task admin import <FILE> [--name NAME] [--plan PLAN_ID]
  deno task admin move <companyId> <URL> [--auth-token TOKEN]
  deno task admin move-back <companyId>`;

class Usage extends Error {}

const companyId = (arg?: string) => {
  const id = Number(arg);
  if (!Number.isInteger(id) || id < 1) throw new Usage(`not a company id: ${arg ?? "(none)"}`);
  return id;
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function refuseUnderServer(dataDir: string, control: Control) {
  // Servers on other hosts share a control database on a libSQL server, and none of them
  // announces itself in this data folder: whether one runs cannot be told from here.
  if (control.file === null) throw new Usage("the control database is on a libSQL server (CONTROL_DB_URL), shared by servers this command cannot see: do this from the companies tab");
  const servers = await runningServers(dataDir);
  if (servers.length) {
    throw new Usage(`a server is running on ${dataDir} (${servers.join(", ")}): do this from the companies tab, or stop it first`);
  }
}

/** No server runs: no sessions to stop or start. */
const NO_SESSIONS = { stop: async () => {}, start: async () => {} };

/** A move's progress on one line of a terminal. */
const rows = (done: number, total: number, tables: number, all: number) => {
  Deno.stderr.writeSync(new TextEncoder().encode(`\r${done} of ${total} rows, ${tables} of ${all} tables`));
};

/** Progress on one line of a terminal. */
const progress = (done: number, total: number) => {
  if (total > 0) Deno.stderr.writeSync(new TextEncoder().encode(`\r${Math.floor((done / total) * 100)}% of ${mb(total)}`));
};

async function main(args: string[]) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: "string" }, name: { type: "string" }, plan: { type: "string" }, "auth-token": { type: "string" } },
  });
  const [command, first, second] = positionals;
  if (!command) throw new Usage("no command");
  const config = loadConfig();
  const control = await openControl(controlLocation(config));
  const locator = tenantLocator(config, control.db, new SecretBox((await loadSecrets(config)).box));
  const registry = new TenantRegistry(locator.locate, 4);
  const deps: TransferDeps = {
    dataDir: config.dataDir,
    control: control.db,
    registry,
    locator,
    clock: () => new Date(),
    mediaRoot: join(config.dataDir, "media"),
  };
  const out = values.out ? resolve(values.out) : undefined;
  try {
    switch (command) {
      case "backup": {
        const made = first === "control" ? await backupControl(deps, control.file, out) : await backupCompany(deps, companyId(first), out);
        return `backup written: ${made.path} (${mb(made.size)})`;
      }
      case "restore": {
        const id = companyId(first);
        if (!second) throw new Usage("which backup?");
        await refuseUnderServer(config.dataDir, control);
        const source = second.includes("/") ? resolve(second) : await backupPath(deps, id, second);
        const done = await restoreCompany(deps, id, source, NO_SESSIONS);
        return `company ${id} restored from ${source}; the data it replaced is backup ${done.replacedBy}`;
      }
      case "export": {
        const made = await exportCompany(deps, companyId(first), progress, out);
        return `\nexport written: ${made.path} (${mb(made.size)}, ${made.manifest.media.files} media files)`;
      }
      case "import": {
        if (!first) throw new Usage("which file?");
        await refuseUnderServer(config.dataDir, control);
        const plan = values.plan === undefined ? undefined : companyId(values.plan);
        const made = await importCompany(deps, resolve(first), { name: values.name, planId: plan }, progress);
        return `\nimported as company ${made.companyId} (${made.manifest.company.name})`;
      }
      case "move": {
        const id = companyId(first);
        if (!second) throw new Usage("to which libSQL URL?");
        await refuseUnderServer(config.dataDir, control);
        const moved = await moveToServer(deps, id, { url: second, authToken: values["auth-token"] ?? null }, NO_SESSIONS, rows);
        const kept = moved.keptAs ? `; its file is backup ${moved.keptAs}` : "";
        return `\ncompany ${id} now has its database on ${second}${kept}`;
      }
      case "move-back": {
        const id = companyId(first);
        await refuseUnderServer(config.dataDir, control);
        const moved = await moveToFile(deps, id, NO_SESSIONS, rows);
        return `\ncompany ${id} now has its database in ${moved.url}; the server keeps its rows`;
      }
      default:
        throw new Usage(`unknown command: ${command}`);
    }
  } finally {
    await registry.close();
    control.close();
  }
}

if (import.meta.main) {
  try {
    console.log(await main(Deno.args));
  } catch (err) {
    if (err instanceof Usage) console.error(`${err.message}\n${USAGE}`);
    else if (err instanceof AppError) console.error(`${err.code}: ${err.message}`);
    else console.error(err instanceof Error ? err.message : String(err));
    Deno.exit(1);
  }
}
