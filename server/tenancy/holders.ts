// Which servers hold a data folder: each writes DATA_DIR/run/<id>.json with its address while
// it runs. The command line (admin.ts) asks them before it changes what a server has open;
// a file left by a server that died does not answer, and counts for nothing.
import { join } from "node:path";

const runDir = (dataDir: string) => join(dataDir, "run");

/** Records this server; answers the function that removes the record at close. */
export async function announceServer(dataDir: string, url: string): Promise<() => Promise<void>> {
  await Deno.mkdir(runDir(dataDir), { recursive: true });
  const path = join(runDir(dataDir), `${crypto.randomUUID()}.json`);
  await Deno.writeTextFile(path, JSON.stringify({ url, pid: Deno.pid }));
  return () => Deno.remove(path).catch(() => {});
}

/** The addresses of the servers on this data folder that answer now. */
export async function runningServers(dataDir: string, timeoutMs = 2000): Promise<string[]> {
  const urls: string[] = [];
  try {
    for await (const e of Deno.readDir(runDir(dataDir))) {
      if (!e.name.endsWith(".json")) continue;
      const { url } = JSON.parse(await Deno.readTextFile(join(runDir(dataDir), e.name)).catch(() => "{}"));
      if (typeof url === "string" && await answers(url, timeoutMs)) urls.push(url);
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return urls;
}

async function answers(url: string, timeoutMs: number) {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
