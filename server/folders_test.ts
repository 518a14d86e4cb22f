// The layout's promise (shared/DESIGN.md): the inbound pipeline, the channels, the areas
// and the automation that plugs into them depend on each other one way only. This reads
// the program's module graph as Deno resolves it (runtime imports only: `import type`
// costs nothing at run time) and names any cycle between those folders.
import assert from "node:assert/strict";
import { relative } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";

const SERVER = fromFileUrl(new URL(".", import.meta.url));
/** The folders held to one-way dependencies; modules/<area> are each a folder. */
const CHECKED = /^(inbox|channels|automation|events|media|timers|modules\/[^/]+)$/;

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier: string } }[];
}

function folderOf(specifier: string): string | null {
  if (!specifier.startsWith("file://")) return null;
  const rel = relative(SERVER, fromFileUrl(specifier));
  const parts = rel.split("/");
  if (rel.startsWith("..") || parts.length < 2) return null;
  const folder = parts[0] === "modules" ? `modules/${parts[1]}` : parts[0];
  return CHECKED.test(folder) ? folder : null;
}

async function folderGraph() {
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json", `${SERVER}main.ts`], stdout: "piped" }).output();
  assert.ok(out.success, "deno info failed");
  const { modules } = JSON.parse(new TextDecoder().decode(out.stdout)) as { modules: InfoModule[] };
  const edges = new Map<string, Map<string, string>>();
  for (const m of modules) {
    const from = folderOf(m.specifier);
    if (!from) continue;
    for (const d of m.dependencies ?? []) {
      const to = d.code && folderOf(d.code.specifier);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const example = `${relative(SERVER, fromFileUrl(m.specifier))} -> ${relative(SERVER, fromFileUrl(d.code!.specifier))}`;
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, example);
    }
  }
  return edges;
}

/** One cycle as the imports that make it, or null. */
function findCycle(edges: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (v: string): string[] | null => {
    state.set(v, "open");
    path.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (state.get(w) === "open") {
        const loop = [...path.slice(path.indexOf(w)), w];
        return loop.slice(1).map((to, i) => edges.get(loop[i])!.get(to)!);
      }
      if (!state.has(w)) {
        const found = visit(w);
        if (found) return found;
      }
    }
    path.pop();
    state.set(v, "done");
    return null;
  };
  for (const v of edges.keys()) {
    if (state.has(v)) continue;
    const found = visit(v);
    if (found) return found;
  }
  return null;
}

Deno.test("folders: no import cycle among inbox, channels, automation, events, media, timers and the modules", async () => {
  const cycle = findCycle(await folderGraph());
  assert.equal(cycle, null, `folder cycle:\n  ${cycle?.join("\n  ")}`);
});

Deno.test("folders: the cycle finder names the imports of a cycle it is shown", () => {
  const edges = new Map([
    ["inbox", new Map([["modules/tickets", "inbox/a.ts -> modules/tickets/b.ts"]])],
    ["modules/tickets", new Map([["inbox", "modules/tickets/b.ts -> inbox/c.ts"]])],
  ]);
  assert.deepEqual(findCycle(edges), ["inbox/a.ts -> modules/tickets/b.ts", "modules/tickets/b.ts -> inbox/c.ts"]);
});
