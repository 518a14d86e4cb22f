// What instances share through Redis (REDIS_URL), made once by server.ts: the realtime hub
// that reaches every instance's sockets, and the rate limits counted across instances.
// Without REDIS_URL none of it exists and the program runs as one process, as before.
import { MemoryHub } from "../realtime/hub.ts";
import type { CallLimiter, FailureLimiter, RateLimitOptions } from "../http/rate-limit.ts";
import { connectRedis, type Redis } from "./redis.ts";
import { RedisHub } from "./redis_hub.ts";
import { limitCommands, RedisCallLimiter, RedisFailureLimiter } from "./redis_limits.ts";

export interface Cluster {
  hub: RedisHub;
  /** The client for commands; the keys of this installation start with `prefix`. */
  commands: Redis;
  prefix: string;
  /** Failures with lockout, counted by every instance under `name`. */
  failures(name: string, o: RateLimitOptions): FailureLimiter;
  /** Calls per window, counted by every instance under `name`. */
  calls(name: string, max: number, windowMs: number): CallLimiter;
  close(): void;
}

export function openCluster(url: string, prefix: string): Cluster {
  const commands = connectRedis(url, "commands");
  const subscriber = connectRedis(url, "realtime");
  const hub = new RedisHub(new MemoryHub(), { commands, subscriber, channel: `${prefix}:realtime` });
  const scripts = Object.assign(limitCommands(commands), { del: commands.del.bind(commands) });
  return {
    hub,
    commands,
    prefix,
    failures: (name, o) => new RedisFailureLimiter(scripts, `${prefix}:limit:${name}`, o),
    calls: (name, max, windowMs) => new RedisCallLimiter(scripts, `${prefix}:limit:${name}`, max, windowMs),
    close() {
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
