// Serves the built React app from web/dist: hashed assets cached forever, index.html
// never cached, SPA fallback, gzip or brotli when the client accepts it. Files are
// small and few, so each is read and compressed once and kept in memory.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { extname, join, normalize } from "node:path";
import type { Context } from "hono";
import { VIDEO_FRAME_ORIGIN } from "../../contracts/videos.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
/**
 * The app embeds one third party: the help videos' player (/helps). Frames may come from it
 * and nowhere else; the thumbnails are plain images, which no directive limits here.
 */
const PAGE_POLICY = `frame-src ${VIDEO_FRAME_ORIGIN}`;
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".json", ".txt", ".webmanifest"]);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/**
 * Compression runs on zlib's worker threads, never on the event loop, at brotli quality 5:
 * the default 11 took 4 to 10 s of CPU for the app's 2.1 MB of assets (each fresh process
 * pays it on its first page loads) for a body only 9% smaller than quality 5's (0.1 s).
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

interface Cached {
  mtime: number;
  raw: Uint8Array;
  gzip?: Uint8Array;
  br?: Uint8Array;
}

export const distDir = () => join(import.meta.dirname ?? ".", "../../web/dist");

export function staticSite(root = distDir()) {
  // Promises, so that the requests a page load makes at once for a file share one read.
  const cache = new Map<string, Promise<Cached | null>>();

  async function read(rel: string, mtime: number): Promise<Cached | null> {
    try {
      const raw = await Deno.readFile(join(root, rel));
      if (!COMPRESSIBLE.has(extname(rel)) || raw.length <= 1024) return { raw, mtime };
      const [gz, br] = await Promise.all([gzipped(raw), brotli(raw, BROTLI)]);
      return { raw, mtime, gzip: gz, br };
    } catch {
      return null;
    }
  }

  async function load(rel: string): Promise<Cached | null> {
    // Hashed assets never change; anything else (index.html) is re-read after a rebuild.
    if (rel.startsWith("assets/") && cache.has(rel)) return await cache.get(rel)!;
    const mtime = (await Deno.stat(join(root, rel)).catch(() => null))?.mtime?.getTime() ?? -1;
    const hit = cache.get(rel);
    if (hit !== undefined && ((await hit)?.mtime ?? -1) === mtime) return await hit;
    const entry = read(rel, mtime);
    cache.set(rel, entry);
    const file = await entry;
    // Only files are kept: every path a client makes up must not add an entry.
    if (!file && cache.get(rel) === entry) cache.delete(rel);
    return file;
  }

  function respond(c: Context, rel: string, file: Cached, immutable: boolean) {
    const accept = c.req.header("accept-encoding") ?? "";
    const headers: Record<string, string> = {
      "content-type": TYPES[extname(rel)] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      "vary": "accept-encoding",
    };
    if (extname(rel) === ".html") headers["content-security-policy"] = PAGE_POLICY;
    let body = file.raw;
    if (file.br && /\bbr\b/.test(accept)) {
      body = file.br;
      headers["content-encoding"] = "br";
    } else if (file.gzip && /\bgzip\b/.test(accept)) {
      body = file.gzip;
      headers["content-encoding"] = "gzip";
    }
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
  }

  return async (c: Context) => {
    const path = decodeURIComponent(new URL(c.req.url).pathname);
    const rel = normalize(path).replace(/^(\.\.[/\\])+/, "").replace(/^\/+/, "");
    if (rel && !rel.includes("..")) {
      const file = await load(rel);
      if (file) return respond(c, rel, file, rel.startsWith("assets/"));
      if (rel.startsWith("assets/") || extname(rel)) return c.notFound();
    }
    const index = await load("index.html");
    if (!index) return c.text("The web app is not built: run `deno task build`.", 503);
    return respond(c, "index.html", index, false);
  };
}
