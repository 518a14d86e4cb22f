// AI agents (seed 002 "Prompt"): what an agent says (its prompt), which model on which
// server (OpenAI or any server speaking its API: baseUrl) and how it hands over (queue).
// The company's admins configure them. Keys are sealed at rest, answered masked, kept when
// the masked value comes back unchanged, and never written to a log or an error.
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { maskSecret, type SecretBox } from "../../secrets/box.ts";
import { AppError, notFound, validation } from "../../http/errors.ts";
import { recordId } from "../../http/validate.ts";
import { writeUnique } from "../../http/conflicts.ts";
import { prompts } from "../../../db/tenant/ai.ts";
import { queues, whatsapps } from "../../../db/tenant/schema.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { AiError, chat, type Usage } from "../../integrations/openai/client.ts";
import type { AddressPolicy } from "../../integrations/addresses.ts";

export interface PromptsCtx {
  tenant: Tenant;
  hub: Hub;
  secrets: SecretBox;
  addresses: AddressPolicy;
}
/** What telling the page about an agent needs. */
type Telling = Pick<PromptsCtx, "tenant" | "hub" | "secrets">;

/** The spec's defaults (seed 002). */
export const PROMPT_DEFAULTS = {
  model: "gpt-3.5-turbo-1106",
  temperature: 0.6,
  maxTokens: 200,
  topP: 0.8,
  maxMessages: 10,
} as const;
const MAX_PROMPT = 20_000;
const MAX_TOKENS = 128_000;
const MAX_MESSAGES = 100;
const API_KEY = "prompt.apiKey";
const VOICE_KEY = "prompt.voiceKey";

// Forms send numbers as text sometimes; "" and null are "none", which required fields refuse.
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v),
    schema,
  );
const optionalText = (max: number) => z.string().trim().max(max).nullish();
const onTenths = (v: number) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9;
const httpUrl = z.string().trim().max(500).refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
  } catch {
    return false;
  }
}, "an http(s) address, e.g. http://localhost:11434/v1");

const fields = {
  name: z.string().trim().min(5, "at least 5 characters").max(100),
  prompt: z.string().trim().min(50, "at least 50 characters").max(MAX_PROMPT),
  /** "" or null: OpenAI. */
  baseUrl: z.preprocess((v) => (v === "" ? null : v), httpUrl.nullish()),
  /** "" clears it; a masked value (as answered) keeps the stored one. */
  apiKey: z.string().trim().max(500).nullish(),
  assistantId: optionalText(200),
  model: z.string().trim().min(1, "required").max(100),
  temperature: numeric(z.number().min(0).max(1).refine(onTenths, "in steps of 0.1")),
  topP: numeric(z.number().min(0).max(1)),
  maxTokens: numeric(z.number().int().min(1).max(MAX_TOKENS)),
  maxMessages: numeric(z.number().int().min(1).max(MAX_MESSAGES)),
  queueId: recordId,
  // The original's dialog offers "texto" (answer in text) beside the voices: no voice.
  voice: optionalText(100).transform((v) => (v === "texto" ? "" : v)),
  voiceKey: z.string().trim().max(500).nullish(),
  // It becomes part of a host name ({region}.tts.speech.microsoft.com): a region's name only.
  voiceRegion: optionalText(50).refine(
    (v) => !v || /^[a-z0-9-]{2,40}$/i.test(v),
    "an Azure region name, e.g. brazilsouth",
  ),
};
export const promptInput = z.object({
  ...fields,
  model: fields.model.optional(),
  temperature: fields.temperature.optional(),
  topP: fields.topP.optional(),
  maxTokens: fields.maxTokens.optional(),
  maxMessages: fields.maxMessages.optional(),
});
export const promptUpdate = z.object(fields).partial();

/** The dialog's "test": the form as it stands (id: the stored prompt whose key a masked field means). */
export const promptTest = z.object({
  id: recordId.nullish(),
  prompt: z.string().trim().max(MAX_PROMPT).nullish(),
  baseUrl: fields.baseUrl,
  apiKey: fields.apiKey,
  model: fields.model.optional(),
  temperature: fields.temperature.optional(),
  topP: fields.topP.optional(),
  maxTokens: fields.maxTokens.optional(),
  /** What the customer says; a greeting in the company's language when absent. */
  message: z.string().trim().min(1).max(2000).optional(),
});

type Row = typeof prompts.$inferSelect;
export type PromptDto = Omit<Row, "apiKey" | "voiceKey"> & { apiKey: string; voiceKey: string };

const isMasked = (v: string) => v.startsWith("••••");
const nowIso = () => new Date().toISOString();

export async function listPrompts(ctx: PromptsCtx): Promise<PromptDto[]> {
  const rows = await ctx.tenant.db.select().from(prompts).orderBy(
    asc(prompts.name),
    asc(prompts.id),
  );
  return await Promise.all(rows.map((r) => dto(ctx, r)));
}

export async function getPrompt(ctx: PromptsCtx, id: number): Promise<PromptDto> {
  return await dto(ctx, await row(ctx.tenant, id));
}

export async function createPrompt(
  ctx: PromptsCtx,
  input: z.infer<typeof promptInput>,
): Promise<PromptDto> {
  const { apiKey: givenKey, voiceKey: givenVoiceKey, ...rest } = input;
  const values = {
    ...PROMPT_DEFAULTS,
    ...definedOnly(rest),
    baseUrl: rest.baseUrl ?? null,
    assistantId: rest.assistantId ?? "",
    voice: rest.voice ?? "",
    voiceRegion: rest.voiceRegion ?? "",
  };
  const apiKey = typed(givenKey) ?? "";
  const voiceKey = typed(givenVoiceKey) ?? "";
  assertKeyGiven(values.baseUrl, apiKey !== "");
  if (values.baseUrl) await ctx.addresses.check(values.baseUrl, "baseUrl");
  await assertQueue(ctx.tenant, values.queueId);
  const check = () => assertFreeName(ctx.tenant, values.name);
  await check();
  const sealed = {
    apiKey: await seal(ctx, API_KEY, apiKey),
    voiceKey: await seal(ctx, VOICE_KEY, voiceKey),
  };
  const [created] = await writeUnique(
    () => ctx.tenant.db.insert(prompts).values({ ...values, ...sealed }).returning(),
    check,
  );
  return await publish(ctx, "create", created);
}

export async function updatePrompt(
  ctx: PromptsCtx,
  id: number,
  input: z.infer<typeof promptUpdate>,
): Promise<PromptDto> {
  const current = await row(ctx.tenant, id);
  const { apiKey, voiceKey, baseUrl: givenUrl, assistantId, voice, voiceRegion, ...rest } = input;
  const values = {
    ...definedOnly(rest),
    ...(givenUrl !== undefined ? { baseUrl: givenUrl ?? null } : {}),
    ...(assistantId !== undefined ? { assistantId: assistantId ?? "" } : {}),
    ...(voice !== undefined ? { voice: voice ?? "" } : {}),
    ...(voiceRegion !== undefined ? { voiceRegion: voiceRegion ?? "" } : {}),
  };
  const newKey = typed(apiKey);
  const newVoiceKey = typed(voiceKey);
  const baseUrl = values.baseUrl === undefined ? current.baseUrl : values.baseUrl;
  assertKeyGiven(baseUrl, newKey === undefined ? current.apiKey !== "" : newKey !== "");
  if (values.baseUrl) await ctx.addresses.check(values.baseUrl, "baseUrl");
  if (values.queueId !== undefined) await assertQueue(ctx.tenant, values.queueId);
  const check = async () => {
    if (values.name && values.name !== current.name) await assertFreeName(ctx.tenant, values.name);
  };
  await check();
  const sealed = {
    ...(newKey === undefined ? {} : { apiKey: await seal(ctx, API_KEY, newKey) }),
    ...(newVoiceKey === undefined ? {} : { voiceKey: await seal(ctx, VOICE_KEY, newVoiceKey) }),
  };
  // Another key or server may have credit: a quota met again is told again.
  const quota = newKey !== undefined || baseUrl !== current.baseUrl ? { quotaAlertAt: null } : {};
  const [updated] = await writeUnique(
    () =>
      ctx.tenant.db.update(prompts).set({ ...values, ...sealed, ...quota, updatedAt: nowIso() })
        .where(eq(prompts.id, id)).returning(),
    check,
  );
  return await publish(ctx, "update", updated);
}

/**
 * Deletes an agent nothing names. The original deleted it anyway, and the connections and
 * queues that named it went on holding an id that answers nobody: their customers silently
 * stopped getting answers. So a connection or queue naming it refuses the deletion and
 * says which; choose another agent (or none) there first. Flows' openai blocks carry their
 * own settings (seed 002), not an agent's id, so they do not hold one.
 */
export async function deletePrompt(ctx: PromptsCtx, id: number): Promise<void> {
  const t = ctx.tenant;
  await row(t, id);
  const byConnections = await t.db.select({ id: whatsapps.id, name: whatsapps.name }).from(
    whatsapps,
  )
    .where(eq(whatsapps.promptId, id)).orderBy(asc(whatsapps.id));
  const byQueues = await t.db.select({ id: queues.id, name: queues.name }).from(queues)
    .where(eq(queues.promptId, id)).orderBy(asc(queues.id));
  if (byConnections.length || byQueues.length) {
    throw new AppError("ERR_PROMPT_IN_USE", 409, "connections or queues answer with this agent", {
      whatsapps: byConnections,
      queues: byQueues,
    });
  }
  await t.db.delete(prompts).where(eq(prompts.id, id));
  ctx.hub.publish(t.companyId, companyEvent(t.companyId, "prompt"), {
    action: "delete",
    promptId: id,
  });
}

const GREETING: Record<Tenant["language"], string> = { pt: "Olá", en: "Hello", es: "Hola" };

/**
 * One message to the agent's server as the form stands: its answer and the tokens it took,
 * or ERR_AI_CALL_FAILED with the server's status and message. A stored agent's usage counts it.
 */
export async function testPrompt(ctx: PromptsCtx, input: z.infer<typeof promptTest>) {
  const stored = input.id ? await row(ctx.tenant, input.id) : null;
  const typedKey = typed(input.apiKey);
  if (typedKey === undefined && !stored && input.apiKey) throw validation("apiKey", "type the key");
  const apiKey = typedKey ?? (stored ? await open(ctx, API_KEY, stored.apiKey) : "");
  const baseUrl = input.baseUrl === undefined ? stored?.baseUrl ?? null : input.baseUrl;
  assertKeyGiven(baseUrl, apiKey !== "");
  const system = input.prompt ?? stored?.prompt ?? "";
  try {
    const answer = await chat({ baseUrl, apiKey, addresses: ctx.addresses }, {
      model: input.model ?? stored?.model ?? PROMPT_DEFAULTS.model,
      temperature: input.temperature ?? stored?.temperature ?? PROMPT_DEFAULTS.temperature,
      topP: input.topP ?? stored?.topP ?? PROMPT_DEFAULTS.topP,
      maxTokens: input.maxTokens ?? stored?.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
      messages: [
        ...(system ? [{ role: "system" as const, content: system }] : []),
        { role: "user" as const, content: input.message ?? GREETING[ctx.tenant.language] },
      ],
    });
    if (stored) await recordUsage(ctx, stored.id, answer.usage);
    return { answer: answer.text ?? answer.refusal ?? "", usage: answer.usage };
  } catch (e) {
    if (!(e instanceof AiError)) throw e;
    throw new AppError("ERR_AI_CALL_FAILED", 502, e.message, {
      kind: e.kind,
      ...(e.status ? { status: e.status } : {}),
      ...(e.code ? { code: e.code } : {}),
    });
  }
}

/** What a connection or a queue names as its agent is one of the company's (null or absent: none). */
export async function assertAgent(t: Tenant, promptId: number | null | undefined): Promise<void> {
  if (promptId === null || promptId === undefined) return;
  const [found] = await t.db.select({ id: prompts.id }).from(prompts).where(
    eq(prompts.id, promptId),
  );
  if (!found) {
    throw new AppError("ERR_NO_PROMPT_FOUND", 404, "no agent found with this ID", {
      field: "promptId",
    });
  }
}

/** Adds a call's tokens to the agent's counters (shown on the page) and tells the page. */
export async function recordUsage(ctx: Telling, id: number, usage: Usage): Promise<void> {
  const [updated] = await ctx.tenant.db.update(prompts).set({
    promptTokens: sqlAdd(prompts.promptTokens, usage.promptTokens),
    completionTokens: sqlAdd(prompts.completionTokens, usage.completionTokens),
    totalTokens: sqlAdd(prompts.totalTokens, usage.totalTokens),
  }).where(eq(prompts.id, id)).returning();
  if (updated) await publish(ctx, "update", updated);
}

/**
 * Remembers that the admins were told the agent's account has no credit (`at`), or forgets it
 * (null). True when it changed, and then the admins' pages hear the agent's update: told once
 * however many conversations meet the quota, and not again after a restart.
 */
export async function setQuotaAlert(ctx: Telling, id: number, at: string | null): Promise<boolean> {
  const [updated] = await ctx.tenant.db.update(prompts).set({ quotaAlertAt: at })
    .where(and(
      eq(prompts.id, id),
      at === null ? isNotNull(prompts.quotaAlertAt) : isNull(prompts.quotaAlertAt),
    )).returning();
  if (updated) await publish(ctx, "update", updated);
  return updated !== undefined;
}

const sqlAdd = (column: SQLiteColumn, n: number) => sql`${column} + ${n}`;

async function row(t: Tenant, id: number): Promise<Row> {
  const [found] = await t.db.select().from(prompts).where(eq(prompts.id, id));
  if (!found) throw notFound("ERR_NO_PROMPT_FOUND");
  return found;
}

async function dto(ctx: Telling, r: Row): Promise<PromptDto> {
  return {
    ...r,
    apiKey: await masked(ctx, API_KEY, r.apiKey),
    voiceKey: await masked(ctx, VOICE_KEY, r.voiceKey),
  };
}

/** A key the installation can no longer open is still shown as set: it must be typed again to be used. */
async function masked(ctx: Telling, field: string, sealed: string) {
  if (!sealed) return "";
  try {
    return maskSecret(await open(ctx, field, sealed));
  } catch {
    return maskSecret("unreadable");
  }
}

const seal = (ctx: Telling, field: string, plain: string) =>
  plain ? ctx.secrets.seal({ companyId: ctx.tenant.companyId, field }, plain) : Promise.resolve("");
const open = (ctx: Telling, field: string, sealed: string) =>
  sealed
    ? ctx.secrets.open({ companyId: ctx.tenant.companyId, field }, sealed)
    : Promise.resolve("");

/** A key typed anew ("" clears it); undefined when absent or the masked value came back. */
function typed(v: string | null | undefined): string | undefined {
  if (v === undefined || (v && isMasked(v))) return undefined;
  return v ?? "";
}

/**
 * OpenAI always needs a key. A server of one's own (a base URL) may need none: Ollama,
 * llama.cpp's server and LM Studio accept any or no key by default.
 */
function assertKeyGiven(baseUrl: string | null, hasKey: boolean) {
  if (!baseUrl && !hasKey) {
    throw validation("apiKey", "required for OpenAI (set a base URL for a server that needs none)");
  }
}

async function assertQueue(t: Tenant, queueId: number) {
  const [q] = await t.db.select({ id: queues.id }).from(queues).where(eq(queues.id, queueId));
  if (!q) throw validation("queueId", "no such queue");
}

async function assertFreeName(t: Tenant, name: string) {
  const [clash] = await t.db.select({ id: prompts.id }).from(prompts).where(eq(prompts.name, name));
  if (clash) {
    throw new AppError("ERR_PROMPT_NAME_EXISTS", 409, "an agent with this name already exists", {
      field: "name",
    });
  }
}

function definedOnly<T extends Record<string, unknown>>(o: T) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

async function publish(ctx: Telling, action: "create" | "update", r: Row) {
  const prompt = await dto(ctx, r);
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "prompt"), {
    action,
    prompt,
  });
  return prompt;
}
