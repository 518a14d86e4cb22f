// Where a company's database lives. file: URLs are stored relative to DATA_DIR so the
// data folder can move; libsql:// and http(s):// URLs are used as they are. A server's
// token is kept sealed (secrets/box.ts) for its company; one stored in clear by an earlier
// version is still read as it is.
import { eq, like } from "drizzle-orm";
import { isAbsolute, join } from "node:path";
import type { Config } from "../../config.ts";
import type { ControlDb } from "../../tenancy/control.ts";
import type { DbLocation } from "../../tenancy/open.ts";
import { companies } from "../../../db/control/schema.ts";
import type { SecretBox } from "../../secrets/box.ts";

const TOKEN_FIELD = "dbAuthToken";
const SEALED = /^v1\.[\w-]+\.[\w-]+$/;

export interface TenantLocator {
  forNew(companyId: number): DbLocation;
  resolve(url: string, authToken?: string | null): DbLocation;
  locate(companyId: number): Promise<(DbLocation & { language: string }) | null>;
  filePath(url: string): string | null;
  /** What companies.db_auth_token keeps of a server's token. */
  sealToken(companyId: number, token?: string | null): Promise<string | null>;
}

export function tenantLocator(config: Config, control: ControlDb, secrets: SecretBox): TenantLocator {
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
    sealToken: async (companyId, token) => token ? await secrets.seal({ companyId, field: TOKEN_FIELD }, token) : null,
    async locate(id) {
      const [c] = await control.select({ url: companies.dbUrl, token: companies.dbAuthToken, language: companies.language })
        .from(companies).where(eq(companies.id, id));
      if (!c || c.url === "pending") return null;
      const token = c.token && SEALED.test(c.token) ? await secrets.open({ companyId: id, field: TOKEN_FIELD }, c.token) : c.token;
      return { ...resolve(c.url, token), language: c.language };
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

/**
 * Up to `limit` companies whose database is a file. With the control database shared by
 * hosts (CONTROL_DB_URL), such a file is on one host only: another host holding the company
 * would open an empty database of its own.
 */
export async function companiesInFiles(control: ControlDb, limit = 20): Promise<number[]> {
  const rows = await control.select({ id: companies.id }).from(companies).where(like(companies.dbUrl, "file:%")).limit(limit);
  return rows.map((r) => r.id);
}
