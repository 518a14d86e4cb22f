// Entry point: configuration, the server, and a clean shutdown on SIGTERM/SIGINT.
import { loadConfig } from "./config.ts";
import { announceAdmin, startServer } from "./server.ts";
import { errorFields, log } from "./log.ts";
import { VERSION } from "./version.ts";

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  Deno.exit(2);
}

const running = await startServer(config);
announceAdmin(running.boot);
log.info("listening", { url: running.url, version: VERSION, dataDir: config.dataDir });

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  const force = setTimeout(() => {
    log.warn("shutdown timed out; exiting");
    Deno.exit(1);
  }, 10_000);
  try {
    await running.close();
  } catch (err) {
    log.error("shutdown failed", errorFields(err));
  }
  clearTimeout(force);
  Deno.exit(0);
};
Deno.addSignalListener("SIGTERM", () => stop("SIGTERM"));
Deno.addSignalListener("SIGINT", () => stop("SIGINT"));
