// Seed 002's queue integrations: what a connection or queue hands a conversation to. The
// credentials (Dialogflow's service-account key, the n8n/webhook signing secret) are sealed
// with the installation's key, answered masked, kept when the masked value comes back, and
// never put in an event, an error or a log line.
import type { AddressPolicy } from "../../integrations/addresses.ts";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import type { SecretBox } from "../../secrets/box.ts";
import { maskSecret } from "../../secrets/box.ts";
import type { DialogflowClient } from "../../integrations/dialogflow/client.ts";
import { checkServiceAccount } from "../../integrations/dialogflow/credentials.ts";
import { AppError, notFound, validation } from "../../http/errors.ts";
import { noneable, recordId } from "../../http/validate.ts";
import { likePattern, pageOf, pageQuery, pageWindow } from "../../http/paging.ts";
import { writeUnique } from "../../http/conflicts.ts";
import {
  INTEGRATION_LANGUAGES,
  INTEGRATION_TYPES,
  queueIntegrations,
} from "../../../db/tenant/integrations.ts";
import { queues, whatsapps } from "../../../db/tenant/schema.ts";
import { flows } from "../../../db/tenant/flows.ts";
import { companyEvent, QUEUE_INTEGRATION_EVENT } from "../../../contracts/realtime.ts";

export interface IntegrationsCtx {
  tenant: Tenant;
  hub: Hub;
  secrets: SecretBox;
  dialogflow: DialogflowClient;
  addresses: AddressPolicy;
}

type Row = typeof queueIntegrations.$inferSelect;
type Type = Row["type"];

const PAGE_SIZE = 20;
/** Connections and queues named in an "in use" refusal. */
const NAMED = 20;
export const JSON_FIELD = "integration.jsonContent";
export const SECRET_FIELD = "integration.secret";

/** Text the spec's client sends as "" or null for none. */
const text = (max: number) => z.preprocess((v) => v ?? "", z.string().trim().max(max)).optional();
const httpUrl = z.preprocess(
  (v) => v ?? "",
  z.string().trim().max(2000).refine(
    (v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v),
    "an http(s) URL",
  ),
).optional();
const count = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int().min(min).max(max).optional(),
  );

export const integrationInput = z.object({
  type: z.enum(INTEGRATION_TYPES),
  name: z.string({ error: "Required" }).trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!"),
  projectName: text(100),
  /** Dialogflow's service-account JSON key; its mask (as answered) keeps the stored one. */
  jsonContent: text(20_000),
  language: noneable(z.enum(INTEGRATION_LANGUAGES)),
  urlN8N: httpUrl,
  typebotSlug: text(200),
  /** Minutes without a message after which a Typebot session starts over. */
  typebotExpires: count(0, 43_200),
  typebotDelayMessage: count(0, 60_000),
  typebotKeywordFinish: text(100),
  typebotKeywordRestart: text(100),
  typebotRestartMessage: text(4096),
  typebotUnknownMessage: text(4096),
  promptId: noneable(recordId),
  /** n8n/webhook: the HMAC-SHA256 key; "" or its mask keeps the stored one (made by the server when there is none). */
  secret: text(200),
  /** flowbuilder: the flow it runs. */
  flowId: noneable(recordId),
}).superRefine((v, ctx) => {
  const need = (field: keyof typeof v) => {
    if (v[field] === undefined || v[field] === null || v[field] === "") {
      ctx.addIssue({ code: "custom", path: [field], message: "Required" });
    }
  };
  if (v.type === "dialogflow") need("projectName");
  if (v.type === "n8n" || v.type === "webhook" || v.type === "typebot") need("urlN8N");
  if (v.type === "typebot") need("typebotSlug");
  if (v.type === "flowbuilder") need("flowId");
});
export type IntegrationInput = z.infer<typeof integrationInput>;

export const integrationPageQuery = pageQuery;

export const testSessionInput = z.object({
  projectName: z.string().trim().min(1).max(100),
  jsonContent: z.string().min(1).max(20_000),
  language: z.enum(INTEGRATION_LANGUAGES).default("pt-BR"),
  /** The integration being edited: its stored key is used when jsonContent is that key's mask. */
  id: noneable(recordId),
});

/** An integration as clients get it: the credentials masked. */
export async function integrationView(ctx: Pick<IntegrationsCtx, "tenant" | "secrets">, row: Row) {
  return {
    ...row,
    jsonContent: await maskOf(ctx, JSON_FIELD, row.jsonContent),
    secret: await maskOf(ctx, SECRET_FIELD, row.secret),
  };
}

/** The mask of a sealed value ("" when none); one that cannot be opened (the key changed) shows as set. */
async function maskOf(
  ctx: Pick<IntegrationsCtx, "tenant" | "secrets">,
  field: string,
  sealed: string,
) {
  if (!sealed) return "";
  try {
    return maskSecret(await ctx.secrets.open({ companyId: ctx.tenant.companyId, field }, sealed));
  } catch {
    return maskSecret("unreadable");
  }
}

export async function pageIntegrations(
  ctx: IntegrationsCtx,
  q: z.infer<typeof integrationPageQuery>,
) {
  const term = q.searchParam.trim();
  const where = term
    ? sql`lower(${queueIntegrations.name}) LIKE ${likePattern(term)} ESCAPE '\\'`
    : undefined;
  const { limit, offset } = pageWindow(q.pageNumber, PAGE_SIZE);
  const db = ctx.tenant.db;
  const rows = await db.select().from(queueIntegrations).where(where)
    .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id)).limit(limit).offset(offset);
  const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(queueIntegrations).where(
    where,
  );
  const page = pageOf(rows, PAGE_SIZE);
  return {
    queueIntegrations: await Promise.all(page.rows.map((r) => integrationView(ctx, r))),
    count: n,
    hasMore: page.hasMore,
  };
}

export async function getIntegration(tenant: Tenant, id: number): Promise<Row> {
  const [row] = await tenant.db.select().from(queueIntegrations).where(
    eq(queueIntegrations.id, id),
  );
  if (!row) throw notFound("ERR_NO_QUEUE_INTEGRATION_FOUND");
  return row;
}

/** A connection or queue names an integration that exists (none: nothing to check). */
export async function assertIntegration(t: Tenant, id: number | null | undefined): Promise<void> {
  if (id !== null && id !== undefined) await getIntegration(t, id);
}

export async function createIntegration(
  ctx: IntegrationsCtx,
  input: IntegrationInput,
): Promise<Row> {
  const values = await stored(ctx, input, null);
  const assertFree = () => assertFreeName(ctx.tenant, input.name, null);
  await assertFree();
  const [row] = await writeUnique(
    () => ctx.tenant.db.insert(queueIntegrations).values(values).returning(),
    assertFree,
  );
  publish(ctx, { action: "create", queueIntegration: await integrationView(ctx, row) });
  return row;
}

export async function updateIntegration(
  ctx: IntegrationsCtx,
  id: number,
  input: IntegrationInput,
): Promise<Row> {
  const current = await getIntegration(ctx.tenant, id);
  const values = await stored(ctx, input, current);
  const assertFree = () => assertFreeName(ctx.tenant, input.name, id);
  await assertFree();
  const [row] = await writeUnique(
    () =>
      ctx.tenant.db.update(queueIntegrations).set({
        ...values,
        // Edited (a URL or key fixed): the last failure was the old settings'.
        lastError: "",
        lastErrorAt: null,
        updatedAt: new Date().toISOString(),
      })
        .where(eq(queueIntegrations.id, id)).returning(),
    assertFree,
  );
  publish(ctx, { action: "update", queueIntegration: await integrationView(ctx, row) });
  return row;
}

/**
 * Refused while a connection or queue names the integration: the original let the database
 * set their integrationId to null, so a connection's bot stopped answering with no word to
 * anyone; here the admin chooses another one there first, knowingly.
 */
export async function deleteIntegration(ctx: IntegrationsCtx, id: number): Promise<void> {
  await getIntegration(ctx.tenant, id);
  const db = ctx.tenant.db;
  const usingConnections = await db.select({ id: whatsapps.id, name: whatsapps.name }).from(
    whatsapps,
  )
    .where(eq(whatsapps.integrationId, id)).orderBy(asc(whatsapps.id)).limit(NAMED);
  const usingQueues = await db.select({ id: queues.id, name: queues.name }).from(queues)
    .where(eq(queues.integrationId, id)).orderBy(asc(queues.id)).limit(NAMED);
  if (usingConnections.length || usingQueues.length) {
    throw new AppError(
      "ERR_QUEUE_INTEGRATION_IN_USE",
      409,
      "connections or queues hand conversations to this integration",
      {
        whatsapps: usingConnections,
        queues: usingQueues,
      },
    );
  }
  await db.delete(queueIntegrations).where(eq(queueIntegrations.id, id));
  publish(ctx, { action: "delete", integrationId: id });
}

/** detectIntent("Olá") in a throwaway session with the request's credentials; nothing is stored. */
export async function testSession(ctx: IntegrationsCtx, input: z.infer<typeof testSessionInput>) {
  let jsonContent = input.jsonContent;
  if (input.id) {
    const row = await getIntegration(ctx.tenant, input.id);
    const keep = await kept(ctx, JSON_FIELD, row.jsonContent, input.jsonContent);
    if (keep !== null) jsonContent = keep;
  }
  const agent = { projectName: input.projectName, jsonContent, language: input.language };
  return await ctx.dialogflow.detectIntent(agent, crypto.randomUUID(), "Olá");
}

/** The row's values for the input: credentials sealed (or kept), the other types' fields emptied. */
async function stored(ctx: IntegrationsCtx, input: IntegrationInput, current: Row | null) {
  const t = input.type;
  const jsonContent = t === "dialogflow"
    ? await credential(ctx, JSON_FIELD, input.jsonContent, current)
    : "";
  if (t === "dialogflow" && !jsonContent) throw validation("jsonContent", "Required");
  if (t === "dialogflow" && input.jsonContent && jsonContent !== current?.jsonContent) {
    await checkServiceAccount(input.jsonContent);
  }
  const secret = t === "n8n" || t === "webhook"
    ? await credential(ctx, SECRET_FIELD, input.secret, current) ||
      await seal(ctx, SECRET_FIELD, newSecret())
    : "";
  if (t === "flowbuilder") await assertFlow(ctx.tenant, input.flowId!);
  if ((t === "n8n" || t === "webhook" || t === "typebot") && input.urlN8N) {
    await ctx.addresses.check(input.urlN8N, "urlN8N");
  }
  const uses = (types: Type[], value: string | undefined) => (types.includes(t) ? value ?? "" : "");
  const typebot = t === "typebot";
  return {
    type: t,
    name: input.name,
    projectName: uses(["dialogflow"], input.projectName),
    jsonContent,
    language: input.language ?? "pt-BR",
    urlN8N: uses(["n8n", "webhook", "typebot"], input.urlN8N),
    typebotSlug: uses(["typebot"], input.typebotSlug),
    typebotExpires: typebot ? input.typebotExpires ?? 1 : 1,
    typebotDelayMessage: typebot ? input.typebotDelayMessage ?? 1000 : 1000,
    typebotKeywordFinish: uses(["typebot"], input.typebotKeywordFinish),
    typebotKeywordRestart: uses(["typebot"], input.typebotKeywordRestart),
    typebotRestartMessage: uses(["typebot"], input.typebotRestartMessage),
    typebotUnknownMessage: uses(["typebot"], input.typebotUnknownMessage),
    promptId: input.promptId ?? null,
    secret,
    flowId: t === "flowbuilder" ? input.flowId! : null,
  };
}

/**
 * The sealed value to keep for a credential field: the stored one when the input is empty
 * or the stored value's mask (the dialog sends back what it was answered), else the new one sealed.
 */
async function credential(
  ctx: IntegrationsCtx,
  field: string,
  typed: string | undefined,
  current: Row | null,
) {
  const sealed = current ? (field === JSON_FIELD ? current.jsonContent : current.secret) : "";
  if (!typed) return sealed;
  if (sealed && (await kept(ctx, field, sealed, typed)) !== null) return sealed;
  // A mask that is not the stored value's (a stale form, another record's) is no credential.
  if (looksMasked(typed)) {
    throw validation(field === JSON_FIELD ? "jsonContent" : "secret", "type the credential anew");
  }
  return await seal(ctx, field, typed);
}

/** The stored plain value when `typed` is its mask, else null. */
async function kept(
  ctx: Pick<IntegrationsCtx, "tenant" | "secrets">,
  field: string,
  sealed: string,
  typed: string,
) {
  if (!sealed || !looksMasked(typed)) return null;
  const plain = await ctx.secrets.open({ companyId: ctx.tenant.companyId, field }, sealed);
  return maskSecret(plain) === typed ? plain : null;
}

const looksMasked = (value: string) => value.startsWith("••");

const seal = (ctx: IntegrationsCtx, field: string, plain: string) =>
  ctx.secrets.seal({ companyId: ctx.tenant.companyId, field }, plain);

/** 32 random bytes, base64url: what a signing key the admin did not type is. */
const newSecret = () =>
  crypto.getRandomValues(new Uint8Array(32)).toBase64({ alphabet: "base64url", omitPadding: true });

async function assertFlow(tenant: Tenant, flowId: number) {
  const [flow] = await tenant.db.select({ id: flows.id }).from(flows).where(eq(flows.id, flowId));
  if (!flow) throw validation("flowId", "no flow of the company has this id");
}

async function assertFreeName(tenant: Tenant, name: string, exceptId: number | null) {
  const [clash] = await tenant.db.select({ id: queueIntegrations.id }).from(queueIntegrations)
    .where(
      and(
        eq(queueIntegrations.name, name),
        exceptId === null ? undefined : ne(queueIntegrations.id, exceptId),
      ),
    );
  if (clash) {
    throw new AppError("ERR_QUEUE_INTEGRATION_NAME_EXISTS", 409, undefined, { field: "name" });
  }
}

/** What an integration's runtime may say of the integration: errors are a short line, never a credential. */
const MAX_ERROR = 300;

/**
 * A conversation went through the integration (error "") or could not (why): shown on the
 * page until the next call that goes through. Written and announced only when it changes, so
 * an integration that works costs no write per message.
 */
export async function noteOutcome(
  ctx: Pick<IntegrationsCtx, "tenant" | "secrets" | "hub">,
  row: Row,
  error: string,
  at: Date,
) {
  const lastError = error.slice(0, MAX_ERROR);
  if (!lastError && !row.lastError) return;
  const [updated] = await ctx.tenant.db.update(queueIntegrations).set({
    lastError,
    lastErrorAt: lastError ? at.toISOString() : null,
  }).where(eq(queueIntegrations.id, row.id)).returning();
  if (updated) {
    publish(ctx, { action: "update", queueIntegration: await integrationView(ctx, updated) });
  }
}

function publish(ctx: Pick<IntegrationsCtx, "tenant" | "hub">, data: Record<string, unknown>) {
  const c = ctx.tenant.companyId;
  ctx.hub.publish(c, companyEvent(c, QUEUE_INTEGRATION_EVENT), data);
}
