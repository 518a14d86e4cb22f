// The installation's secrets: the tokens' signing secrets and the key of the companies'
// secrets at rest (secrets/box.ts), each from the environment, else generated once and kept
// under DATA_DIR (0600). Losing secrets.json signs everyone out and makes stored keys unreadable.
import { join } from "node:path";
import type { Config } from "../config.ts";

export interface Secrets {
  access: string;
  refresh: string;
  /** 32 bytes, base64. */
  box: string;
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
    box: config.secretsKey ?? stored.box ?? random(),
  };
  const generated = {
    access: config.jwtSecret ? stored.access : secrets.access,
    refresh: config.jwtRefreshSecret ? stored.refresh : secrets.refresh,
    box: config.secretsKey ? stored.box : secrets.box,
  };
  // What the environment gives is never written down; what was generated is kept.
  if (Object.entries(generated).some(([k, v]) => v !== stored[k as keyof Secrets])) {
    await Deno.writeTextFile(file, JSON.stringify(generated), { mode: 0o600 });
  }
  return secrets;
}
