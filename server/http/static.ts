// Serves the built React app from web/dist: hashed assets cached forever, index.html
// never cached, SPA fallback, gzip or brotli when the client accepts it. Files are
// small and few, so each is read and compressed once and kept in memory.
import { brotliCompressSync, gzipSync } from "node:zlib";
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

interface Cached {
  mtime: number;
  raw: Uint8Array;
  gzip?: Uint8Array;
  br?: Uint8Array;
}

export const distDir = () => join(import.meta.dirname ?? ".", "../../web/dist");

export function staticSite(root = distDir()) {
  const cache = new Map<string, Cached | null>();

  async function load(rel: string): Promise<Cached | null> {
    // Hashed assets never change; anything else (index.html) is re-read after a rebuild.
    if (rel.startsWith("assets/") && cache.has(rel)) return cache.get(rel)!;
    const mtime = (await Deno.stat(join(root, rel)).catch(() => null))?.mtime?.getTime() ?? -1;
    const hit = cache.get(rel);
    if (hit !== undefined && (hit?.mtime ?? -1) === mtime) return hit;
    let entry: Cached | null = null;
    try {
      const raw = await Deno.readFile(join(root, rel));
      entry = { raw, mtime };
      if (COMPRESSIBLE.has(extname(rel)) && raw.length > 1024) {
        entry.gzip = gzipSync(raw);
        entry.br = brotliCompressSync(raw);
      }
    } catch {
      entry = null;
    }
    cache.set(rel, entry);
    return entry;
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
