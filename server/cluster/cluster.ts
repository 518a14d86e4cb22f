// What instances share through Redis (REDIS_URL), made once by server.ts: the realtime hub
// that reaches every instance's sockets. Without REDIS_URL none of it exists and the
// program runs as one process, as before.
import { MemoryHub } from "../realtime/hub.ts";
import { connectRedis, type Redis } from "./redis.ts";
import { RedisHub } from "./redis_hub.ts";

export interface Cluster {
  hub: RedisHub;
  /** The client for commands; the keys of this installation start with `prefix`. */
  commands: Redis;
  prefix: string;
  close(): void;
}

export function openCluster(url: string, prefix: string): Cluster {
  const commands = connectRedis(url, "commands");
  const subscriber = connectRedis(url, "realtime");
  const hub = new RedisHub(new MemoryHub(), { commands, subscriber, channel: `${prefix}:realtime` });
  return {
    hub,
    commands,
    prefix,
    close() {
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
