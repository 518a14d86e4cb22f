// Development: the server with --watch on :8080 and Vite's dev server (proxying the API) on :5173.
import { join } from "node:path";

const root = join(import.meta.dirname!, "..");
const run = (args: string[]) =>
  new Deno.Command(Deno.execPath(), { args, cwd: root, stdout: "inherit", stderr: "inherit" }).spawn();

const server = run(["run", "-A", "--v8-flags=--expose-gc", "--watch=server/,db/", "server/main.ts"]);
const vite = run(["run", "-A", "npm:vite", "--host", "127.0.0.1"]);
const stop = () => {
  for (const p of [server, vite]) {
    try {
      p.kill("SIGTERM");
    } catch { /* already gone */ }
  }
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
await Promise.all([server.status, vite.status]);
