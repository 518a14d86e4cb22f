// The connection to Redis, the engine that several instances share (REDIS_URL). ioredis
// reconnects by itself with backoff; a command sent while Redis is away fails at once
// instead of waiting in a queue, so callers decide what an answer-less moment means.
import { Redis } from "ioredis";
import { log } from "../log.ts";

export type { Redis };

/** How long a connection attempt and one command may take before they count as failed. */
const CONNECT_TIMEOUT_MS = 2_000;
const COMMAND_TIMEOUT_MS = 2_000;
/** Reconnection waits grow to this and stay there while Redis is away. */
const MAX_RETRY_MS = 2_000;

/**
 * A client for `url`. `role` names it in the log (the URL may hold a password and is
 * never logged). A subscriber needs its own client: Redis reserves a subscribed connection.
 */
export function connectRedis(url: string, role: string): Redis {
  const client = new Redis(url, {
    connectionName: `inbox-${role}`,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(50 * 2 ** times, MAX_RETRY_MS),
    lazyConnect: false,
  });
  let down = false;
  client.on("error", (err: Error) => {
    if (down) return;
    down = true;
    log.warn("redis unreachable", { role, error: err.message });
  });
  client.on("ready", () => {
    if (down) log.info("redis reachable again", { role });
    down = false;
  });
  return client;
}

/** Resolves once the client is ready, or rejects after `ms`. */
export function ready(client: Redis, ms = CONNECT_TIMEOUT_MS): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off("ready", onReady);
      reject(new Error(`redis not ready after ${ms} ms`));
    }, ms);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once("ready", onReady);
  });
}
