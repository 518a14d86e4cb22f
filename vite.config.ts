import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";

const root = fileURLToPath(new URL("./web", import.meta.url));
const outDir = fileURLToPath(new URL("./web/dist", import.meta.url));
const api = "http://127.0.0.1:8080";
const proxied = [
  "/auth",
  "/users",
  "/settings",
  "/plans",
  "/companies",
  "/queue",
  "/whatsapp",
  "/whatsappsession",
  "/tickets",
  "/messages",
  "/contacts",
  "/ticket-notes",
  "/tags",
  "/quick-messages",
  "/schedules",
  "/dashboard",
  "/sandbox",
  "/flowbuilder",
  "/flowcampaign",
  "/api",
  "/public",
  "/health",
  "/events",
];

// The emoji picker's data (Emojibase) is served by us, not fetched from a CDN: a
// self-hosted installation may have no internet. /emoji/{locale}/{data,messages}.json
const EMOJI_LOCALES = ["pt", "en", "es"];
const EMOJI_FILES = ["data.json", "messages.json"];
const emojiSource = (locale: string, file: string) =>
  fileURLToPath(new URL(`./node_modules/emojibase-data/${locale}/${file}`, import.meta.url));

function emojiData(): Plugin {
  return {
    name: "emoji-data",
    configureServer(server) {
      server.middlewares.use("/emoji", (req, res, next) => {
        const m = /^\/(pt|en|es)\/(data|messages)\.json$/.exec(req.url ?? "");
        if (!m) return next();
        res.setHeader("content-type", "application/json");
        res.end(readFileSync(emojiSource(m[1], `${m[2]}.json`)));
      });
    },
    generateBundle() {
      for (const locale of EMOJI_LOCALES) {
        for (const file of EMOJI_FILES) {
          this.emitFile({ type: "asset", fileName: `emoji/${locale}/${file}`, source: readFileSync(emojiSource(locale, file)) });
        }
      }
    },
  };
}

// Page routes such as /users and /settings share a prefix with the API: a browser navigation
// (Accept: text/html) is answered by Vite with index.html, everything else goes to the server.
function spaNavigation(req: { headers: { accept?: string } }): string | undefined {
  return req.headers.accept?.includes("text/html") ? "/index.html" : undefined;
}

export default defineConfig({
  root,
  plugins: [react(), vanillaExtractPlugin(), emojiData()],
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
  },
  server: {
    proxy: {
      ...Object.fromEntries(
        proxied.map((path) => [path, { target: api, changeOrigin: true, bypass: spaNavigation }]),
      ),
      "/ws": { target: api, ws: true, changeOrigin: true },
    },
  },
});
