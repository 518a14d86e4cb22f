// Environment -> typed configuration, validated in one place.
import { z } from "zod";
import { join, resolve } from "node:path";

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(5).max(50).optional(),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_REFRESH_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  TENANT_CACHE_SIZE: z.coerce.number().int().min(1).default(256),
  // Where new companies' databases go: a template with {id}, e.g. libsql://t{id}.example.org
  TENANT_DB_URL_TEMPLATE: z.string().optional(),
  TENANT_DB_AUTH_TOKEN: z.string().optional(),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  REALTIME_BUFFER_BYTES: z.coerce.number().int().min(64 * 1024).default(1024 * 1024),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  adminEmail?: string;
  adminPassword?: string;
  jwtSecret?: string;
  jwtRefreshSecret?: string;
  logLevel: "debug" | "info" | "warn" | "error";
  tenantCacheSize: number;
  tenantDbUrlTemplate?: string;
  tenantDbAuthToken?: string;
  cookieSecure: boolean;
  /** What one WebSocket or event stream may hold for a slow peer before it is dropped. */
  realtimeBufferBytes: number;
};

export function loadConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    jwtRefreshSecret: e.JWT_REFRESH_SECRET,
    logLevel: e.LOG_LEVEL,
    tenantCacheSize: e.TENANT_CACHE_SIZE,
    tenantDbUrlTemplate: e.TENANT_DB_URL_TEMPLATE,
    tenantDbAuthToken: e.TENANT_DB_AUTH_TOKEN,
    cookieSecure: e.COOKIE_SECURE === "true",
    realtimeBufferBytes: e.REALTIME_BUFFER_BYTES,
  };
}

export const controlDbPath = (c: Config) => join(c.dataDir, "control.db");
export const tenantDir = (c: Config) => join(c.dataDir, "tenants");
