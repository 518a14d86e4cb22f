/** The AI agent form and list rules (seed 002 "Prompt"; docs/api.md "AI agents"). */
import type { Prompt, PromptInput, PromptTestInput } from "../../api/prompts.ts";
import { type ApiError, isApiError } from "../../api/errors.ts";
import { type Check, collect, type Issues, length, required } from "../../lib/validation.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";

/** The spec's defaults. */
export const DEFAULTS = {
  model: "gpt-3.5-turbo-1106",
  temperature: 0.6,
  topP: 0.8,
  maxTokens: 200,
  maxMessages: 10,
} as const;

export const NAME_MIN = 5;
export const NAME_MAX = 100;
export const PROMPT_MIN = 50;
export const PROMPT_MAX = 20_000;
export const MAX_TOKENS = 128_000;
export const MAX_MESSAGES = 100;

/** What the model field offers; any other name a server knows may be typed. */
export const MODEL_SUGGESTIONS: readonly string[] = [
  "gpt-3.5-turbo-1106",
  "gpt-4o-mini",
  "gpt-4o",
  "gpt-4.1-mini",
  "gpt-4.1",
  "llama3.2",
  "qwen2.5",
  "mistral",
  "gemma3",
];

/** Azure's Brazilian Portuguese neural voices (the spec's voice list), for voice answers. */
export const VOICE_SUGGESTIONS: readonly string[] = [
  "pt-BR-FranciscaNeural",
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
];

export type PromptField =
  | "name"
  | "prompt"
  | "baseUrl"
  | "apiKey"
  | "model"
  | "temperature"
  | "topP"
  | "maxTokens"
  | "maxMessages"
  | "queueId"
  | "voice"
  | "voiceKey"
  | "voiceRegion";

export interface PromptValues {
  name: string;
  prompt: string;
  /** "" for OpenAI. */
  baseUrl: string;
  /** The stored key's mask until a new one is typed. */
  apiKey: string;
  model: string;
  temperature: number;
  topP: number;
  maxTokens: number;
  maxMessages: number;
  /** The chosen queue's id as text; "" none yet. */
  queueId: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}

export function initialValues(prompt: Prompt | null): PromptValues {
  return {
    name: prompt?.name ?? "",
    prompt: prompt?.prompt ?? "",
    baseUrl: prompt?.baseUrl ?? "",
    apiKey: prompt?.apiKey ?? "",
    model: prompt?.model ?? DEFAULTS.model,
    temperature: prompt?.temperature ?? DEFAULTS.temperature,
    topP: prompt?.topP ?? DEFAULTS.topP,
    maxTokens: prompt?.maxTokens ?? DEFAULTS.maxTokens,
    maxMessages: prompt?.maxMessages ?? DEFAULTS.maxMessages,
    queueId: prompt?.queueId == null ? "" : String(prompt.queueId),
    voice: prompt?.voice ?? "",
    voiceKey: prompt?.voiceKey ?? "",
    voiceRegion: prompt?.voiceRegion ?? "",
  };
}

/** A value as the server answered it (the stored key's mask), not a key typed. */
export const isMasked = (value: string) => value.startsWith("••••");

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const between = (value: number, min: number, max: number, integer: boolean): Check =>
  !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))
    ? { key: "prompts.form.between", params: { min, max } }
    : null;

const onTenths = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

/**
 * Name 5..100; prompt at least 50; model, max tokens, max messages and queue required;
 * temperature 0..1 in tenths; the key required unless a base URL names a server of one's own.
 */
export function validatePrompt(values: PromptValues): Issues<PromptField> {
  const baseUrl = values.baseUrl.trim();
  return collect<PromptField>({
    name: length(values.name, NAME_MIN, NAME_MAX),
    prompt: length(values.prompt, PROMPT_MIN, PROMPT_MAX),
    baseUrl: baseUrl && !isHttpUrl(baseUrl) ? { key: "prompts.form.invalidUrl" } : null,
    apiKey: !baseUrl && !values.apiKey.trim() ? { key: "prompts.form.keyRequired" } : null,
    model: length(values.model, 1, 100),
    temperature: between(values.temperature, 0, 1, false) ??
      (onTenths(values.temperature) ? null : { key: "prompts.form.tenths" }),
    topP: between(values.topP, 0, 1, false),
    maxTokens: between(values.maxTokens, 1, MAX_TOKENS, true),
    maxMessages: between(values.maxMessages, 1, MAX_MESSAGES, true),
    queueId: required(values.queueId),
    voice: null,
    voiceKey: null,
    voiceRegion: null,
  });
}

export function toPromptInput(values: PromptValues): PromptInput {
  return {
    name: values.name.trim(),
    prompt: values.prompt.trim(),
    baseUrl: values.baseUrl.trim() || null,
    apiKey: values.apiKey.trim(),
    model: values.model.trim(),
    temperature: values.temperature,
    topP: values.topP,
    maxTokens: values.maxTokens,
    maxMessages: values.maxMessages,
    queueId: values.queueId ? Number(values.queueId) : null,
    voice: values.voice.trim(),
    voiceKey: values.voiceKey.trim(),
    voiceRegion: values.voiceRegion.trim(),
  };
}

/** The test button's call: the form as it stands; a masked key means the stored agent's. */
export function toTestInput(
  values: PromptValues,
  id: number | null,
  message: string,
): PromptTestInput {
  const key = values.apiKey.trim();
  return {
    ...(id === null ? {} : { id }),
    prompt: values.prompt.trim(),
    baseUrl: values.baseUrl.trim() || null,
    ...(id !== null && isMasked(key) ? {} : { apiKey: key }),
    model: values.model.trim(),
    temperature: values.temperature,
    topP: values.topP,
    maxTokens: values.maxTokens,
    ...(message.trim() ? { message: message.trim() } : {}),
  };
}

/** What the test's failure shows: why (the kind), and the server's own status and words. */
export function testFailure(
  error: unknown,
): { kindKey: string; status: number | null; message: string } | null {
  if (!isApiError(error) || error.code !== "ERR_AI_CALL_FAILED") return null;
  const e = error as ApiError;
  const kind = typeof e.details.kind === "string" ? e.details.kind : "server";
  return {
    kindKey: `prompts.test.kinds.${kind}`,
    status: typeof e.details.status === "number" ? e.details.status : null,
    message: e.message,
  };
}

/** Events on company-{c}-prompt. */
export type PromptEvent = LiveEvent<Prompt>;

/** The server's order: name, then id. */
export function comparePrompts(a: Prompt, b: Prompt): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}

export function applyPromptEvent(list: readonly Prompt[], event: PromptEvent): Prompt[] {
  return applyLiveEvent(list, event, {
    matches: () => true,
    compare: comparePrompts,
    hasMore: false,
  });
}

/** A realtime payload ({action, prompt} or {action: "delete", promptId}), checked. */
export function asPromptEvent(data: unknown): PromptEvent | null {
  return readLiveEvent(data, { record: "prompt", id: "promptId" }, isPrompt);
}

function isPrompt(value: unknown): value is Prompt {
  const p = value as Record<string, unknown> | undefined;
  return typeof p?.id === "number" && typeof p.name === "string" &&
    typeof p.temperature === "number";
}
