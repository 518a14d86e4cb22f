/** The integration dialog's form and the live list's rules (seed 002, docs/api.md "Queue integrations"). */
import type { QueueIntegration, QueueIntegrationInput } from "../../api/queueIntegrations.ts";
import { type Check, collect, type Issues, length, required } from "../../lib/validation.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";

export type IntegrationField =
  | "name"
  | "projectName"
  | "jsonContent"
  | "urlN8N"
  | "typebotSlug"
  | "flowId";

/**
 * The dialog's values: the input, where jsonContent and secret are what is typed (or generated)
 * anew ("" keeps the saved one, whose mask is savedJson / savedSecret).
 */
export interface IntegrationValues extends QueueIntegrationInput {
  savedJson: string;
  savedSecret: string;
}

export const NAME_MIN = 2;
export const NAME_MAX = 50;

/** A new signing key: 32 random bytes, base64url (what the server makes when none is typed). */
export function newSigningKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(
    /=+$/,
    "",
  );
}

/** The record's values, or the spec's defaults (typebot: expires 1, delay 1000 ms). */
export function initialValues(record: QueueIntegration | null): IntegrationValues {
  return {
    type: record?.type ?? "typebot",
    name: record?.name ?? "",
    projectName: record?.projectName ?? "",
    jsonContent: "",
    savedJson: record?.jsonContent ?? "",
    language: record?.language ?? "pt-BR",
    urlN8N: record?.urlN8N ?? "",
    typebotSlug: record?.typebotSlug ?? "",
    typebotExpires: record?.typebotExpires ?? 1,
    typebotDelayMessage: record?.typebotDelayMessage ?? 1000,
    typebotKeywordFinish: record?.typebotKeywordFinish ?? "",
    typebotKeywordRestart: record?.typebotKeywordRestart ?? "",
    typebotRestartMessage: record?.typebotRestartMessage ?? "",
    typebotUnknownMessage: record?.typebotUnknownMessage ?? "",
    promptId: record?.promptId ?? null,
    secret: "",
    savedSecret: record?.secret ?? "",
    flowId: record?.flowId ?? null,
  };
}

const HTTP_URL = /^https?:\/\/\S+$/i;

function url(value: string): Check {
  if (!value.trim()) return { key: "validation.required" };
  return HTTP_URL.test(value.trim()) && URL.canParse(value.trim())
    ? null
    : { key: "queueIntegrations.dialog.invalidUrl" };
}

/** Name 2 to 50, and what the type needs (its URL, slug, project and key, or flow). */
export function validateIntegration(values: IntegrationValues): Issues<IntegrationField> {
  const t = values.type;
  return collect<IntegrationField>({
    name: length(values.name, NAME_MIN, NAME_MAX),
    projectName: t === "dialogflow" ? required(values.projectName.trim()) : null,
    jsonContent: t === "dialogflow" && !values.savedJson
      ? required(values.jsonContent.trim())
      : null,
    urlN8N: t === "n8n" || t === "webhook" || t === "typebot" ? url(values.urlN8N) : null,
    typebotSlug: t === "typebot" ? required(values.typebotSlug.trim()) : null,
    flowId: t === "flowbuilder" ? required(values.flowId) : null,
  });
}

export function toIntegrationInput(values: IntegrationValues): QueueIntegrationInput {
  return {
    type: values.type,
    name: values.name.trim(),
    projectName: values.projectName.trim(),
    jsonContent: values.jsonContent.trim(),
    language: values.language,
    urlN8N: values.urlN8N.trim(),
    typebotSlug: values.typebotSlug.trim(),
    typebotExpires: values.typebotExpires,
    typebotDelayMessage: values.typebotDelayMessage,
    typebotKeywordFinish: values.typebotKeywordFinish.trim(),
    typebotKeywordRestart: values.typebotKeywordRestart.trim(),
    typebotRestartMessage: values.typebotRestartMessage,
    typebotUnknownMessage: values.typebotUnknownMessage,
    promptId: values.promptId,
    secret: values.secret.trim(),
    flowId: values.type === "flowbuilder" ? values.flowId : null,
  };
}

/** Events on company-{c}-queueIntegration. */
export type IntegrationEvent = LiveEvent<QueueIntegration>;

export function asIntegrationEvent(data: unknown): IntegrationEvent | null {
  return readLiveEvent(data, { record: "queueIntegration", id: "integrationId" }, isIntegration);
}

function isIntegration(value: unknown): value is QueueIntegration {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.id === "number" && typeof r.name === "string" && typeof r.type === "string";
}

/** By name then id, as the server pages them. */
export function compareIntegrations(a: QueueIntegration, b: QueueIntegration): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}

/** A live event applied to the loaded list, and how it changes the count. */
export function applyIntegrationEvent(
  items: readonly QueueIntegration[],
  event: IntegrationEvent,
  state: { search: string; hasMore: boolean },
): { items: QueueIntegration[]; countDelta: number } {
  const term = state.search.trim().toLocaleLowerCase();
  const had = items.some((i) => i.id === (event.action === "delete" ? event.id : event.record.id));
  const next = applyLiveEvent(items, event, {
    matches: (r) => !term || r.name.toLocaleLowerCase().includes(term),
    compare: compareIntegrations,
    hasMore: state.hasMore,
  });
  const countDelta = event.action === "delete" ? (had ? -1 : 0) : event.action === "create" ? 1 : 0;
  return { items: next, countDelta };
}
