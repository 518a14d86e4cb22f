import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
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
  "/health",
  "/events",
];

// Page routes such as /users and /settings share a prefix with the API: a browser navigation
// (Accept: text/html) is answered by Vite with index.html, everything else goes to the server.
function spaNavigation(req: { headers: { accept?: string } }): string | undefined {
  return req.headers.accept?.includes("text/html") ? "/index.html" : undefined;
}

export default defineConfig({
  root,
  plugins: [react(), vanillaExtractPlugin()],
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
