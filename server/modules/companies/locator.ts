// Where a company's database lives. file: URLs are stored relative to DATA_DIR so the
// data folder can move; libsql:// and http(s):// URLs are used as they are.
import { eq } from "drizzle-orm";
import { isAbsolute, join } from "node:path";
import type { Config } from "../../config.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import type { DbLocation } from "../../tenancy/open.ts";
import { companies } from "../../../db/control/schema.ts";

export interface TenantLocator {
  forNew(companyId: number): DbLocation;
  resolve(url: string, authToken?: string | null): DbLocation;
  locate(companyId: number): Promise<(DbLocation & { language: string }) | null>;
  filePath(url: string): string | null;
}

export function tenantLocator(config: Config, control: ControlDb): TenantLocator {
  const filePath = (url: string) => {
    if (!url.startsWith("file:")) return null;
    const p = url.slice(5);
    return isAbsolute(p) ? p : join(config.dataDir, p);
  };
  const resolve = (url: string, authToken?: string | null): DbLocation => {
    const p = filePath(url);
    return p ? { url: `file:${p}` } : { url, authToken };
  };
  return {
    forNew(id) {
      const tpl = config.tenantDbUrlTemplate;
      if (tpl) return { url: tpl.replaceAll("{id}", String(id)), authToken: config.tenantDbAuthToken };
      return { url: `file:tenants/${id}.db` };
    },
    resolve,
    filePath,
    async locate(id) {
      const [c] = await control.select({ url: companies.dbUrl, token: companies.dbAuthToken, language: companies.language })
        .from(companies).where(eq(companies.id, id));
      return c && c.url !== "pending" ? { ...resolve(c.url, c.token), language: c.language } : null;
    },
  };
}

export async function deleteTenantFiles(locator: TenantLocator, url: string) {
  const p = locator.filePath(url);
  if (!p) return;
  for (const suffix of ["", "-wal", "-shm"]) {
    await Deno.remove(p + suffix).catch(() => {});
  }
}
