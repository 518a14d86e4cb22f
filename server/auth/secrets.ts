// Token secrets: from the environment, else generated once and kept under DATA_DIR.
import { join } from "node:path";
import type { Config } from "../config.ts";

export interface Secrets {
  access: string;
  refresh: string;
}

export async function loadSecrets(config: Config): Promise<Secrets> {
  const file = join(config.dataDir, "secrets.json");
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(await Deno.readTextFile(file));
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const random = () => crypto.getRandomValues(new Uint8Array(32)).toBase64();
  const secrets = {
    access: config.jwtSecret ?? stored.access ?? random(),
    refresh: config.jwtRefreshSecret ?? stored.refresh ?? random(),
  };
  if (stored.access !== secrets.access || stored.refresh !== secrets.refresh) {
    if (!config.jwtSecret || !config.jwtRefreshSecret) {
      await Deno.writeTextFile(file, JSON.stringify(secrets), { mode: 0o600 });
    }
  }
  return secrets;
}
