// The server as its own process, for the benches that measure it from outside (desk,
// timers): started with the bench's environment, ready once /health answers.
import { join } from "node:path";

export async function startServerProcess(env: Record<string, string>, port: number, extraArgs: string[] = []) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", ...extraArgs, join(import.meta.dirname!, "../server/main.ts")],
    env,
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

export async function stopServerProcess(child: Deno.ChildProcess) {
  child.kill("SIGTERM");
  await child.status;
}
