// A small client of the OpenAI HTTP API as OpenAI and the servers that copy it speak it
// (Ollama, vLLM, llama.cpp's server, LM Studio): chat completions and audio transcriptions.
// Plain fetch: the official SDK is not among our dependencies and we use two endpoints of it.
// Each attempt has a timeout; 408, 409, 429 and 5xx are tried again (at most twice) after the
// server's retry-after, capped; a 429 for an exhausted quota is not (waiting does not refill
// it). Errors carry the server's status and message, never the key (scrubbed from the
// server's own text too, since some servers echo what they were given).
import { pause, retryable, retryWait } from "../retry.ts";
import { readCapped } from "../body.ts";
import type { AddressPolicy } from "../addresses.ts";
import { maskSecret } from "../../secrets/box.ts";

/** OpenAI's own API, for agents without a base URL. */
export const OPENAI_BASE_URL = "https://api.openai.com/v1";
export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_RETRIES = 2;
/** The longest a retry-after is honoured; a server asking more is told no sooner than this. */
export const TRANSCRIPTION_MODEL = "whisper-1";
/** An answer past this is not read (chat answers are a few KB). */
const MAX_ANSWER_BYTES = 4 << 20;

/** Where and as whom the calls go. */
export interface AiServer {
  /** The API root ("http://localhost:11434/v1"); null or "": OpenAI. */
  baseUrl?: string | null;
  /** "" for servers that need none. */
  apiKey: string;
  timeoutMs?: number;
  /** Stops waiting (shutdown): the call ends with kind "aborted". */
  signal?: AbortSignal;
  /** The installation's rule on the addresses a company may have it call (checked before each call). */
  addresses: AddressPolicy;
}

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: WireToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

interface WireToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** A function the model may call; parameters is a JSON Schema object. */
export interface FunctionTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  tools?: FunctionTool[];
  /** Asks for one JSON object as the answer (response_format json_object), for servers without tool calls. */
  json?: boolean;
}

export interface ToolCall {
  id: string;
  name: string;
  /** As the model wrote it: JSON text, not checked here. */
  arguments: string;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ChatAnswer {
  /** The assistant's text; null when it only called tools. */
  text: string | null;
  toolCalls: ToolCall[];
  /** The model declined (OpenAI's refusal field). */
  refusal: string | null;
  finishReason: string;
  usage: Usage;
}

export type AiErrorKind =
  /** No answer within the timeout. */
  | "timeout"
  /** The server could not be reached. */
  | "network"
  /** The call was cancelled by its caller. */
  | "aborted"
  /** 401/403: the key is missing, wrong or not allowed. */
  | "auth"
  /** 429 insufficient_quota: the account has no credit; retrying does not help. */
  | "quota"
  /** 429 still after the retries. */
  | "rateLimit"
  /** 5xx (or 408/409) still after the retries. */
  | "server"
  /** Another 4xx: the request was refused (unknown model, bad parameter). */
  | "request"
  /** A 2xx the client cannot read as the protocol's answer. */
  | "badAnswer";

/** What went wrong, with the server's status, message and code when it answered. */
export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "AiError";
  }
}

export async function chat(server: AiServer, req: ChatRequest): Promise<ChatAnswer> {
  const body: Record<string, unknown> = {
    model: req.model,
    messages: req.messages,
    ...(req.temperature === undefined ? {} : { temperature: req.temperature }),
    ...(req.topP === undefined ? {} : { top_p: req.topP }),
    // max_tokens is the field every compatible server knows; OpenAI's newer models refuse
    // it for max_completion_tokens, which send() switches to when told so.
    ...(req.maxTokens === undefined ? {} : { max_tokens: req.maxTokens }),
    ...(req.tools?.length
      ? { tools: req.tools.map((t) => ({ type: "function", function: t })), tool_choice: "auto" }
      : {}),
    ...(req.json ? { response_format: { type: "json_object" } } : {}),
  };
  let res: unknown;
  try {
    res = await send(server, "/chat/completions", () => jsonBody(body));
  } catch (e) {
    if (
      !(e instanceof AiError && e.kind === "request" && e.code === "unsupported_parameter" &&
        "max_tokens" in body)
    ) throw e;
    const { max_tokens, ...rest } = body;
    res = await send(
      server,
      "/chat/completions",
      () => jsonBody({ ...rest, max_completion_tokens: max_tokens }),
    );
  }
  return readAnswer(res);
}

export interface TranscriptionRequest {
  file: Blob;
  fileName: string;
  model?: string;
  /** ISO-639-1 ("pt"), a hint for the model. */
  language?: string;
}

/** The text of a recording (POST /audio/transcriptions). */
export async function transcribe(server: AiServer, req: TranscriptionRequest): Promise<string> {
  const res = await send(server, "/audio/transcriptions", () => {
    const form = new FormData();
    form.append("file", req.file, req.fileName);
    form.append("model", req.model || TRANSCRIPTION_MODEL);
    if (req.language) form.append("language", req.language);
    return { body: form, headers: {} };
  });
  const text = (res as { text?: unknown } | null)?.text;
  if (typeof text !== "string") {
    throw new AiError("badAnswer", "the server's transcription has no text");
  }
  return text;
}

const jsonBody = (value: unknown) => ({
  body: JSON.stringify(value),
  headers: { "content-type": "application/json" } as Record<string, string>,
});

export const endpoint = (baseUrl: string | null | undefined, path: string) =>
  (baseUrl?.trim() || OPENAI_BASE_URL).replace(/\/+$/, "") + path;

/** One call with its retries; the answer's JSON. */
async function send(
  server: AiServer,
  path: string,
  make: () => { body: BodyInit; headers: Record<string, string> },
): Promise<unknown> {
  const url = endpoint(server.baseUrl, path);
  await server.addresses.check(url, "baseUrl");
  const timeoutMs = server.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  for (let attempt = 0;; attempt++) {
    const { body, headers } = make();
    if (server.apiKey) headers.authorization = `Bearer ${server.apiKey}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = server.signal ? AbortSignal.any([timeout, server.signal]) : timeout;
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method: "POST",
        body,
        headers,
        signal,
        redirect: server.addresses.redirect,
      });
      const read = await readCapped(res, MAX_ANSWER_BYTES);
      if (read === null) {
        throw new AiError("badAnswer", "the server's answer is too large", res.status);
      }
      text = read;
    } catch (e) {
      if (e instanceof AiError) throw e;
      if (server.signal?.aborted) throw new AiError("aborted", "the call was cancelled");
      if (timeout.aborted) {
        throw new AiError("timeout", `the server did not answer within ${timeoutMs / 1000} s`);
      }
      throw new AiError(
        "network",
        `the server could not be reached: ${
          scrub(String((e as Error)?.message ?? e), server.apiKey)
        }`,
      );
    }
    if (res.ok) {
      try {
        return JSON.parse(text);
      } catch {
        throw new AiError(
          "badAnswer",
          `the server's answer is not JSON (status ${res.status})`,
          res.status,
        );
      }
    }
    const error = serverError(text);
    const message = scrub(error.message || res.statusText || `status ${res.status}`, server.apiKey);
    if (
      res.status === 429 &&
      (error.code === "insufficient_quota" || error.type === "insufficient_quota")
    ) {
      throw new AiError("quota", message, 429, "insufficient_quota");
    }
    if (retryable(res.status) && attempt < MAX_RETRIES && shouldRetry(res.headers)) {
      await pause(retryWait(res.headers, attempt), server.signal, cancelled);
      continue;
    }
    throw new AiError(kindOf(res.status), message, res.status, error.code);
  }
}

function kindOf(status: number): AiErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rateLimit";
  if (retryable(status)) return "server";
  return "request";
}

/** The protocol's {"error":{"message","type","code"}}; servers that answer otherwise give their text. */
function serverError(text: string): { message: string; type?: string; code?: string } {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
    const e = parsed?.error;
    if (e && typeof e === "object") {
      const { message, type, code } = e as Record<string, unknown>;
      return {
        message: typeof message === "string" ? message : "",
        type: typeof type === "string" ? type : undefined,
        code: typeof code === "string" ? code : undefined,
      };
    }
    // Ollama and others: {"error": "text"}.
    if (typeof e === "string") return { message: e };
    if (typeof parsed?.message === "string") return { message: parsed.message };
  } catch { /* not JSON */ }
  return { message: text.slice(0, 300) };
}

/** The key, and its long pieces, never leave in a message (a server may quote what it received). */
function scrub(text: string, key: string): string {
  if (!key) return text;
  let out = text.replaceAll(key, maskSecret(key));
  // Quoted with its middle starred ("sk-abc***wxyz") or cut: any 12 characters of it in a row.
  for (let i = 0; i + 12 <= key.length; i++) {
    const piece = key.slice(i, i + 12);
    if (out.includes(piece)) out = out.replaceAll(piece, "••••");
  }
  return out;
}

/** OpenAI's x-should-retry, when present, decides. */
function shouldRetry(headers: Headers) {
  const h = headers.get("x-should-retry");
  return h === null ? true : h === "true";
}

const count = (
  v: unknown,
) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

function readAnswer(res: unknown): ChatAnswer {
  const r = res as { choices?: unknown; usage?: Record<string, unknown> } | null;
  const choice = Array.isArray(r?.choices)
    ? r.choices[0] as Record<string, unknown> | undefined
    : undefined;
  const message = choice?.message as Record<string, unknown> | undefined;
  if (!message || typeof message !== "object") {
    throw new AiError("badAnswer", "the server's answer has no message");
  }
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const toolCalls: ToolCall[] = [];
  for (const c of calls) {
    const fn = (c as { function?: { name?: unknown; arguments?: unknown } })?.function;
    if (typeof fn?.name !== "string") continue;
    const args = fn.arguments;
    toolCalls.push({
      id: String((c as { id?: unknown }).id ?? ""),
      name: fn.name,
      // Some servers send the arguments as an object rather than its JSON text.
      arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}),
    });
  }
  const usage = r?.usage ?? {};
  const prompt = count(usage.prompt_tokens);
  const completion = count(usage.completion_tokens);
  return {
    text: typeof message.content === "string" ? message.content : null,
    toolCalls,
    refusal: typeof message.refusal === "string" ? message.refusal : null,
    finishReason: typeof choice?.finish_reason === "string" ? choice.finish_reason : "",
    usage: {
      promptTokens: prompt,
      completionTokens: completion,
      totalTokens: count(usage.total_tokens) || prompt + completion,
    },
  };
}

const cancelled = () => new AiError("aborted", "the call was cancelled");
