// Environment -> typed configuration, validated in one place.
import { z } from "zod";
import { join, resolve } from "node:path";
import { isCronExpression } from "./jobs/calendar.ts";
import { proxyEntryError } from "./http/client_ip.ts";
import type { DbLocation } from "./tenancy/open.ts";

/** A WhatsApp Web version: [major, minor, revision]. */
export type WAVersion = [number, number, number];

/** "2,3000,1023456789" (or with dots) -> [2, 3000, 1023456789]; null when malformed. */
export function parseVersion(text: string): WAVersion | null {
  const parts = text.trim().split(/[.,]/).map((p) => p.trim());
  if (parts.length !== 3 || !parts.every((p) => /^\d{1,12}$/.test(p))) return null;
  return parts.map(Number) as WAVersion;
}

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(5).max(50).optional(),
  JWT_SECRET: z.string().min(16).optional(),
  /** The key that encrypts companies' secrets at rest: 32 bytes, base64 (generated into DATA_DIR when unset). */
  SECRETS_KEY: z.string().refine((k) => {
    try {
      return Uint8Array.fromBase64(k).byteLength === 32;
    } catch {
      return false;
    }
  }, "32 bytes, base64").optional(),
  JWT_REFRESH_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  TENANT_CACHE_SIZE: z.coerce.number().int().min(1).default(256),
  // Where new companies' databases go: a template with {id}, e.g. libsql://t{id}.example.org
  TENANT_DB_URL_TEMPLATE: z.string().optional(),
  TENANT_DB_AUTH_TOKEN: z.string().optional(),
  // The control database on a libSQL server, shared by instances on several hosts; unset: DATA_DIR/control.db.
  // Its token goes in CONTROL_DB_AUTH_TOKEN, never in the URL (which may be shown).
  CONTROL_DB_URL: z.url({ protocol: /^(libsql|https?)$/ }).optional().refine(
    (v) => v === undefined || !URL.canParse(v) || withoutCredentials(new URL(v)),
    "libsql://, https:// or http:// without credentials (the token goes in CONTROL_DB_AUTH_TOKEN)",
  ),
  CONTROL_DB_AUTH_TOKEN: z.string().min(1).optional(),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  // Other origins allowed to call the API from a browser, comma-separated (https://app.example.org).
  CORS_ORIGINS: z.string().optional().transform((v, ctx) => {
    const list = (v ?? "").split(",").map((o) => o.trim()).filter(Boolean);
    for (const o of list) {
      if (!URL.canParse(o) || new URL(o).origin !== o) {
        ctx.addIssue({ code: "custom", message: `not an origin (scheme://host[:port]): ${o}` });
      }
    }
    return list;
  }),
  // Outgoing mail (password-reset codes). Without SMTP_HOST the codes go to the log.
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_SECURE: z.enum(["true", "false"]).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // WhatsApp Web version for new sockets, "2,3000,1023456789"; unset: the current one from
  // web.whatsapp.com (WA_VERSION_FETCH=false: Baileys' bundled one).
  WA_VERSION: z.string().optional().refine((v) => v === undefined || parseVersion(v) !== null, {
    message: 'three numbers, e.g. "2,3000,1023456789"',
  }),
  WA_VERSION_FETCH: z.enum(["true", "false"]).default("true"),
  REALTIME_BUFFER_BYTES: z.coerce.number().int().min(64 * 1024).default(1024 * 1024),
  // Contact-list numbers asked of WhatsApp per second and company (a bounded pace: bulk lookups get accounts flagged).
  NUMBER_CHECKS_PER_SECOND: z.coerce.number().min(0.01).max(100).default(1),
  // Checks one connection may ask of WhatsApp in an hour and in a day (the background check and
  // campaigns stop there; a person's send is counted but never refused).
  NUMBER_CHECKS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  NUMBER_CHECKS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(500),
  // How long WhatsApp's answer to a check is trusted before the number is asked again.
  NUMBER_CHECK_CACHE_DAYS: z.coerce.number().min(0).max(365).default(7),
  // When the invoices of the coming due dates are made (cron, UTC): daily at 06:00 by default.
  INVOICE_CRON: z.string().default("0 6 * * *").refine(isCronExpression, { message: "not a cron expression" }),
  // How long a flow shows "typing…" before each text (ms; 0: none).
  FLOW_TYPING_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /** Whether companies may have the server call private addresses (integrations/addresses.ts). */
  OUTBOUND_PRIVATE_ADDRESSES: z.enum(["allow", "deny"]).default("allow"),
  // Where the Dialogflow client calls detectIntent (a proxy, or a test's local server).
  DIALOGFLOW_API_URL: z.url({ protocol: /^https?$/ }).default("https://dialogflow.googleapis.com"),
  // Several instances share this Redis (redis:// or rediss://); unset: one process, nothing shared.
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  // What this installation's keys and channels start with in that Redis (one Redis, several installations).
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, "letters, digits, _ . - (at most 40)").default("inbox"),
  // The bearer token Prometheus sends to GET /metrics; unset: no /metrics at all.
  METRICS_TOKEN: z.string().min(16).optional(),
  // With REDIS_URL: this instance's name among the others (random when unset), and how long a
  // company's lease outlives its holder (a crashed instance's companies move within about this).
  INSTANCE_ID: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, "letters, digits, . _ - (at most 64)").optional(),
  LEASE_TTL_MS: z.coerce.number().int().min(300).max(60_000).default(15_000),
  // Proxies (load balancers) whose X-Forwarded-For names the client: addresses or CIDRs, comma-separated.
  TRUSTED_PROXIES: z.string().optional().transform((v, ctx) => {
    const list = (v ?? "").split(",").map((e) => e.trim()).filter(Boolean);
    for (const entry of list) {
      const error = proxyEntryError(entry);
      if (error) ctx.addIssue({ code: "custom", message: error });
    }
    return list;
  }),
  // With REDIS_URL: where the other instances reach this one (http://app1:8080); unset:
  // http://<host name>:<port>, or 127.0.0.1 when HOST is a loopback address.
  INSTANCE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Where AI agents' voice answers are synthesised; {region} is the agent's voiceRegion.
  AZURE_SPEECH_URL: z.string().regex(/^https?:\/\/\S+$/, "an http(s) URL, {region} where the region goes")
    .default("https://{region}.tts.speech.microsoft.com"),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  adminEmail?: string;
  adminPassword?: string;
  jwtSecret?: string;
  secretsKey?: string;
  jwtRefreshSecret?: string;
  logLevel: "debug" | "info" | "warn" | "error";
  tenantCacheSize: number;
  tenantDbUrlTemplate?: string;
  tenantDbAuthToken?: string;
  /** The control database on a libSQL server; undefined: the file DATA_DIR/control.db. */
  controlDb?: DbLocation;
  cookieSecure: boolean;
  corsOrigins: string[];
  smtp?: SmtpConfig;
  waVersion?: WAVersion;
  waVersionFetch: boolean;
  /** What one WebSocket or event stream may hold for a slow peer before it is dropped. */
  realtimeBufferBytes: number;
  /** The contact lists' WhatsApp check: numbers per second per company. */
  numberChecksPerSecond: number;
  /** Checks per connection: caps per hour and per day, and how long an answer is reused. */
  numberChecks: { perHour: number; perDay: number; cacheMs: number };
  /** The invoice job's cron expression (UTC). */
  invoiceCron: string;
  /** Flows: "typing…" before each text (ms), and the words that leave a flow. */
  flows: { typingMs: number };
  /** Queue integrations: Dialogflow's API base URL. */
  dialogflowApiUrl: string;
  azureSpeechUrl: string;
  outboundPrivateAddresses: "allow" | "deny";
  /** The Redis that instances share; undefined: a single process. */
  redisUrl?: string;
  /** What the installation's Redis keys and channels start with. */
  redisPrefix: string;
  /** GET /metrics answers only this bearer token; undefined: no metrics are kept or served. */
  metricsToken?: string;
  /** With redisUrl: this instance's id (random when unset) and the companies' lease TTL. */
  instanceId?: string;
  leaseTtlMs: number;
  /** Load balancers whose X-Forwarded-For is believed (addresses and CIDRs). */
  trustedProxies: string[];
  /** With redisUrl: this instance's address for the others (derived from HOST and PORT when unset). */
  instanceUrl?: string;
};

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

const withoutCredentials = (u: URL) => u.hostname !== "" && !u.username && !u.password && !u.searchParams.has("authToken");

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
    secretsKey: e.SECRETS_KEY,
    jwtRefreshSecret: e.JWT_REFRESH_SECRET,
    logLevel: e.LOG_LEVEL,
    tenantCacheSize: e.TENANT_CACHE_SIZE,
    tenantDbUrlTemplate: e.TENANT_DB_URL_TEMPLATE,
    tenantDbAuthToken: e.TENANT_DB_AUTH_TOKEN,
    controlDb: e.CONTROL_DB_URL ? { url: e.CONTROL_DB_URL, authToken: e.CONTROL_DB_AUTH_TOKEN ?? null } : undefined,
    cookieSecure: e.COOKIE_SECURE === "true",
    corsOrigins: e.CORS_ORIGINS,
    smtp: e.SMTP_HOST ? smtpConfig(e) : undefined,
    waVersion: e.WA_VERSION ? parseVersion(e.WA_VERSION) ?? undefined : undefined,
    waVersionFetch: e.WA_VERSION_FETCH === "true",
    realtimeBufferBytes: e.REALTIME_BUFFER_BYTES,
    numberChecksPerSecond: e.NUMBER_CHECKS_PER_SECOND,
    numberChecks: {
      perHour: e.NUMBER_CHECKS_PER_HOUR,
      perDay: e.NUMBER_CHECKS_PER_DAY,
      cacheMs: e.NUMBER_CHECK_CACHE_DAYS * 24 * 3_600_000,
    },
    invoiceCron: e.INVOICE_CRON,
    flows: { typingMs: e.FLOW_TYPING_MS },
    dialogflowApiUrl: e.DIALOGFLOW_API_URL,
    azureSpeechUrl: e.AZURE_SPEECH_URL,
    outboundPrivateAddresses: e.OUTBOUND_PRIVATE_ADDRESSES,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    metricsToken: e.METRICS_TOKEN,
    instanceId: e.INSTANCE_ID,
    leaseTtlMs: e.LEASE_TTL_MS,
    trustedProxies: e.TRUSTED_PROXIES,
    instanceUrl: e.INSTANCE_URL?.replace(/\/+$/, ""),
  };
}

function smtpConfig(e: z.infer<typeof schema>): SmtpConfig {
  const secure = e.SMTP_SECURE ? e.SMTP_SECURE === "true" : e.SMTP_PORT === 465;
  return {
    host: e.SMTP_HOST!,
    port: e.SMTP_PORT ?? (secure ? 465 : 587),
    secure,
    user: e.SMTP_USER || undefined,
    pass: e.SMTP_PASS || undefined,
    from: e.MAIL_FROM ?? `Inbox <${e.SMTP_USER?.includes("@") ? e.SMTP_USER : `no-reply@${e.SMTP_HOST}`}>`,
  };
}

/** Where the control database lives: its file under DATA_DIR, or a libSQL server (CONTROL_DB_URL). */
export const controlLocation = (c: Config): string | DbLocation => c.controlDb ?? join(c.dataDir, "control.db");
export const tenantDir = (c: Config) => join(c.dataDir, "tenants");
