// The operator's command line on a data folder (DATA_DIR, as the server reads it):
//
//   deno task admin backup <companyId | control> [--out FILE]
//   deno task admin restore <companyId> <backup name in its folder, or FILE>
//   deno task admin export <companyId> [--out FILE]
//   deno task admin import <FILE> [--name NAME] [--plan PLAN_ID]
//
// Backups and exports read on a connection of their own and are consistent while a server
// writes: they run beside it. Restores and imports change what a server holds (the file it
// has open; companies its timers and billing do not know), so they refuse while a server on
// this data folder answers (tenancy/holders.ts): use the super user's companies tab then.
import { parseArgs } from "node:util";
import { join, resolve } from "node:path";
import { loadConfig } from "./config.ts";
import { openControl } from "./tenancy/control.ts";
import { TenantRegistry } from "./tenancy/registry.ts";
import { runningServers } from "./tenancy/holders.ts";
import { tenantLocator } from "./modules/companies/locator.ts";
import { backupCompany, backupControl, backupPath, restoreCompany } from "./modules/companies/backups.ts";
import { exportCompany, importCompany, type TransferDeps } from "./modules/companies/transfer.ts";
import { AppError } from "./errors/app-error.ts";

const USAGE = `usage:
  deno task admin backup <companyId | control> [--out FILE]
  deno task admin restore <companyId> <BACKUP_NAME | FILE>
  deno task admin export <companyId> [--out FILE]
  deno task admin import <FILE> [--name NAME] [--plan PLAN_ID]`;

class Usage extends Error {}

const companyId = (arg?: string) => {
  const id = Number(arg);
  if (!Number.isInteger(id) || id < 1) throw new Usage(`not a company id: ${arg ?? "(none)"}`);
  return id;
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function refuseUnderServer(dataDir: string) {
  const servers = await runningServers(dataDir);
  if (servers.length) {
    throw new Usage(`a server is running on ${dataDir} (${servers.join(", ")}): do this from the companies tab, or stop it first`);
  }
}

/** Progress on one line of a terminal. */
const progress = (done: number, total: number) => {
  if (total > 0) Deno.stderr.writeSync(new TextEncoder().encode(`\r${Math.floor((done / total) * 100)}% of ${mb(total)}`));
};

async function main(args: string[]) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: "string" }, name: { type: "string" }, plan: { type: "string" } },
  });
  const [command, first, second] = positionals;
  if (!command) throw new Usage("no command");
  const config = loadConfig();
  const control = await openControl(join(config.dataDir, "control.db"));
  const locator = tenantLocator(config, control.db);
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
        const made = first === "control" ? await backupControl(deps, out) : await backupCompany(deps, companyId(first), out);
        return `backup written: ${made.path} (${mb(made.size)})`;
      }
      case "restore": {
        const id = companyId(first);
        if (!second) throw new Usage("which backup?");
        await refuseUnderServer(config.dataDir);
        const source = second.includes("/") ? resolve(second) : await backupPath(deps, id, second);
        // No server runs: no sessions to stop or start.
        const done = await restoreCompany(deps, id, source, { stop: async () => {}, start: async () => {} });
        return `company ${id} restored from ${source}; the data it replaced is backup ${done.replacedBy}`;
      }
      case "export": {
        const made = await exportCompany(deps, companyId(first), progress, out);
        return `\nexport written: ${made.path} (${mb(made.size)}, ${made.manifest.media.files} media files)`;
      }
      case "import": {
        if (!first) throw new Usage("which file?");
        await refuseUnderServer(config.dataDir);
        const plan = values.plan === undefined ? undefined : companyId(values.plan);
        const made = await importCompany(deps, resolve(first), { name: values.name, planId: plan }, progress);
        return `\nimported as company ${made.companyId} (${made.manifest.company.name})`;
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
