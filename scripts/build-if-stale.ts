// Builds the web bundle when any of its sources is newer than web/dist/index.html.
import { join } from "node:path";

const root = join(import.meta.dirname!, "..");
const out = join(root, "web/dist/index.html");

async function newest(path: string): Promise<number> {
  const info = await Deno.stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory) return info.mtime?.getTime() ?? 0;
  let max = 0;
  for await (const e of Deno.readDir(path)) max = Math.max(max, await newest(join(path, e.name)));
  return max;
}

const built = await newest(out);
const sources = Math.max(
  await newest(join(root, "web/src")),
  await newest(join(root, "web/index.html")),
  await newest(join(root, "web/public")),
  await newest(join(root, "vite.config.ts")),
  await newest(join(root, "package.json")),
);
if (built && built >= sources) Deno.exit(0);
console.log("Building the web app…");
const { code } = await new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "npm:vite", "build", "--logLevel", "warn"],
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
}).output();
Deno.exit(code);
