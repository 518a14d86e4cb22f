import assert from "node:assert/strict";
import { relative } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";
import { CATALOGUE, type CatalogueEntry } from "./catalogue.ts";
import { AppError, notFound } from "./app-error.ts";
import { DOC_PATH, documentedTable, errorTable } from "../../scripts/errors-doc.ts";
import { pt } from "../../web/src/i18n/pt.ts";
import { en } from "../../web/src/i18n/en.ts";
import { es } from "../../web/src/i18n/es.ts";

const SERVER = fromFileUrl(new URL("..", import.meta.url));
const CATALOGUE_FILE = fromFileUrl(new URL("./catalogue.ts", import.meta.url));
const codes = Object.keys(CATALOGUE);
const entries = CATALOGUE as Record<string, CatalogueEntry>;

/** The server's production sources (tests, the test harness and fixtures left out). */
async function* sources(dir = SERVER): AsyncGenerator<{ path: string; text: string }> {
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`.replace(/\/+/g, "/");
    if (e.isDirectory && e.name !== "fixtures") yield* sources(path);
    else if (e.isFile && e.name.endsWith(".ts") && !e.name.endsWith("_test.ts") && e.name !== "testing.ts") {
      yield { path, text: await Deno.readTextFile(path) };
    }
  }
}

const LITERAL = /["'`](ERR_[A-Z0-9_]+)["'`]/g;

Deno.test("every ERR_ code written in the server's sources is in the catalogue", async () => {
  const missing: string[] = [];
  for await (const { path, text } of sources()) {
    for (const [, code] of text.matchAll(LITERAL)) {
      if (!Object.hasOwn(CATALOGUE, code)) missing.push(`${code} (${relative(SERVER, path)})`);
    }
  }
  assert.deepEqual(missing, [], `add these codes to server/errors/catalogue.ts: ${missing.join(", ")}`);
});

Deno.test("every catalogue code is answered somewhere (no dead entries)", async () => {
  const used = new Set<string>();
  for await (const { path, text } of sources()) {
    if (path === CATALOGUE_FILE) continue;
    for (const [, code] of text.matchAll(LITERAL)) used.add(code);
  }
  const dead = codes.filter((c) => !used.has(c));
  assert.deepEqual(dead, [], `codes nothing answers: ${dead.join(", ")}`);
});

Deno.test("a call site's explicit status is the catalogue's status for that code (or one it lists)", async () => {
  const wrong: string[] = [];
  for await (const { path, text } of sources()) {
    for (const [, code, status] of text.matchAll(/new AppError\(\s*"(ERR_[A-Z0-9_]+)",\s*(\d{3})/g)) {
      const e = entries[code];
      if (e && ![e.status, ...(e.also ?? [])].includes(Number(status) as CatalogueEntry["status"])) {
        wrong.push(`${code} ${status} (${relative(SERVER, path)}; catalogue says ${e.status})`);
      }
    }
  }
  assert.deepEqual(wrong, [], `statuses the catalogue does not list: ${wrong.join(", ")}`);
});

Deno.test("AppError takes its status and message from the catalogue unless told otherwise", () => {
  const e = new AppError("ERR_NO_TICKET_FOUND");
  assert.equal(e.status, 404);
  assert.equal(e.message, "no ticket found with this ID");
  assert.deepEqual(e.toBody(), { error: "ERR_NO_TICKET_FOUND", message: "no ticket found with this ID" });
  assert.equal(notFound("ERR_NO_WAPP_FOUND").message, "no connection found with this ID");
  const told = new AppError("ERR_DELETE_WAPP_MSG", 502, "deleting the message failed", { id: 1 });
  assert.deepEqual([told.status, told.toBody()], [502, { error: "ERR_DELETE_WAPP_MSG", message: "deleting the message failed", id: 1 }]);
});

Deno.test("the web translates every catalogue code in pt, en and es", () => {
  const missing = Object.entries({ pt, en, es }).flatMap(([lang, catalogue]) => {
    const errors: Record<string, string> = catalogue.errors;
    return codes.filter((c) => typeof errors[c] !== "string" || errors[c] === "").map((c) => `${lang}:${c}`);
  });
  assert.deepEqual(missing, [], `add to web/src/i18n errors: ${missing.join(", ")}`);
});

Deno.test("docs/api.md's error table is the catalogue's", async () => {
  const documented = documentedTable(await Deno.readTextFile(DOC_PATH));
  assert.ok(documented !== null, "docs/api.md lost the error-catalogue markers");
  assert.equal(documented, errorTable(), "the table drifted: run `deno run -A scripts/errors-doc.ts`");
});
