// Dialogflow ES v2 over REST, no Google SDK: a service account's signed JWT is exchanged at
// its token_uri for an access token, then sessions/{session}:detectIntent is called with it.
// Tokens are cached until they expire, keyed by a digest of the whole credential, so an
// edited key never reuses the old key's token. No error or log line carries the key.
import { readCapped } from "../body.ts";
import { type AddressPolicy, ANY_ADDRESS } from "../addresses.ts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.ts";
import { parseServiceAccount, type ServiceAccount, signAssertion } from "./credentials.ts";

export const DIALOGFLOW_API_URL = "https://dialogflow.googleapis.com";
const SCOPE = "https://www.googleapis.com/auth/dialogflow";
/** A token is renewed this long before Google says it expires (clocks differ). */
const EXPIRY_MARGIN_MS = 60_000;
/** Distinct credentials whose tokens are kept; the oldest go first. */
const MAX_TOKENS = 1000;

export interface DialogflowOptions {
  /** Where detectIntent is called (tests and self-hosters behind a proxy change it). */
  apiUrl?: string;
  /** Each call's timeout. */
  timeoutMs?: number;
  now?: () => number;
  /** The installation's rule on the addresses a company may have it call: a key's token_uri is the company's. */
  addresses?: AddressPolicy;
}

export interface DialogflowAgent {
  projectName: string;
  /** The service account's JSON key, plain. */
  jsonContent: string;
  /** The query's language: pt-BR, en, es. */
  language: string;
}

export interface DetectIntentResult {
  /** The text fulfillment messages, in order (each text of each message). */
  messages: string[];
  intent: { name: string; displayName: string } | null;
  /** The agent ended the conversation (end_interaction / endInteraction): people take over. */
  ended: boolean;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().default(3600),
});

const detectAnswer = z.object({
  queryResult: z.object({
    fulfillmentText: z.string().optional(),
    fulfillmentMessages: z.array(
      z.object({ text: z.object({ text: z.array(z.string()).optional() }).optional() }).loose(),
    )
      .optional(),
    intent: z.object({
      name: z.string().optional(),
      displayName: z.string().optional(),
      endInteraction: z.boolean().optional(),
    })
      .loose().optional(),
    diagnosticInfo: z.record(z.string(), z.unknown()).optional(),
  }).loose().optional(),
}).loose();

/** Answers are small; a bigger one is cut off rather than held in memory. */
const MAX_ANSWER_BYTES = 1 << 20;

async function boundedJson(res: Response): Promise<unknown> {
  try {
    const text = await readCapped(res, MAX_ANSWER_BYTES);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** What a refusal says (Google's error.message, OAuth's error_description), briefly. */
const remoteReason = async (res: Response) => {
  const body = await boundedJson(res) as {
    error?: { message?: unknown } | string;
    error_description?: unknown;
  } | null;
  const error = body?.error;
  const reason = typeof error === "object" ? error?.message : body?.error_description ?? error;
  return typeof reason === "string" ? reason.slice(0, 200) : "";
};

export class DialogflowClient {
  readonly #apiUrl: string;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #addresses: AddressPolicy;
  readonly #tokens = new Map<string, Promise<{ token: string; expiresAt: number }>>();

  constructor(opts: DialogflowOptions = {}) {
    this.#apiUrl = (opts.apiUrl ?? DIALOGFLOW_API_URL).replace(/\/+$/, "");
    this.#timeoutMs = opts.timeoutMs ?? 15_000;
    this.#now = opts.now ?? Date.now;
    this.#addresses = opts.addresses ?? ANY_ADDRESS;
  }

  /** One customer message to the agent, in the session `sessionId` (one per contact). */
  async detectIntent(
    agent: DialogflowAgent,
    sessionId: string,
    text: string,
  ): Promise<DetectIntentResult> {
    const account = parseServiceAccount(agent.jsonContent);
    const token = await this.#token(agent.jsonContent, account);
    const path = `/v2/projects/${encodeURIComponent(agent.projectName)}/agent/sessions/${
      encodeURIComponent(sessionId)
    }:detectIntent`;
    const res = await this.#fetch(this.#apiUrl + path, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ queryInput: { text: { text, languageCode: agent.language } } }),
    });
    if (!res.ok) {
      const reason = await remoteReason(res);
      throw new AppError(
        "ERR_DIALOGFLOW_REFUSED",
        502,
        `Dialogflow refused the request (${res.status})${reason ? `: ${reason}` : ""}`,
        {
          status: res.status,
        },
      );
    }
    const parsed = detectAnswer.safeParse(await boundedJson(res));
    if (!parsed.success) {
      throw new AppError(
        "ERR_DIALOGFLOW_REFUSED",
        502,
        "Dialogflow answered something that is not a detectIntent result",
        {
          status: res.status,
        },
      );
    }
    const q = parsed.data.queryResult ?? {};
    const messages = (q.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) =>
      t.trim() !== ""
    );
    if (messages.length === 0 && q.fulfillmentText) messages.push(q.fulfillmentText);
    const info = q.diagnosticInfo ?? {};
    return {
      messages,
      intent: q.intent
        ? { name: q.intent.name ?? "", displayName: q.intent.displayName ?? "" }
        : null,
      ended: q.intent?.endInteraction === true || info.end_interaction === true ||
        info.end_conversation === true,
    };
  }

  /** The cached token of this credential, or a new one (concurrent callers share one request). */
  async #token(jsonContent: string, account: ServiceAccount): Promise<string> {
    const key = await digest(jsonContent);
    const cached = this.#tokens.get(key);
    if (cached) {
      const hit = await cached.catch(() => null);
      if (hit && hit.expiresAt > this.#now()) return hit.token;
      if (this.#tokens.get(key) === cached) this.#tokens.delete(key);
    }
    const pending = this.#exchange(account);
    this.#tokens.set(key, pending);
    while (this.#tokens.size > MAX_TOKENS) this.#tokens.delete(this.#tokens.keys().next().value!);
    try {
      return (await pending).token;
    } catch (err) {
      if (this.#tokens.get(key) === pending) this.#tokens.delete(key);
      throw err;
    }
  }

  async #exchange(account: ServiceAccount) {
    await this.#addresses.check(account.tokenUri, "jsonContent");
    const assertion = await signAssertion(account, SCOPE, Math.floor(this.#now() / 1000));
    const res = await this.#fetch(account.tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion,
      }),
    });
    if (!res.ok) {
      const reason = await remoteReason(res);
      throw new AppError(
        "ERR_DIALOGFLOW_TOKEN_REFUSED",
        502,
        `the token endpoint refused the service account (${res.status})${
          reason ? `: ${reason}` : ""
        }`,
        { status: res.status },
      );
    }
    const parsed = tokenAnswer.safeParse(await boundedJson(res));
    if (!parsed.success) {
      throw new AppError(
        "ERR_DIALOGFLOW_TOKEN_REFUSED",
        502,
        "the token endpoint answered no access token",
        {
          status: res.status,
        },
      );
    }
    return {
      token: parsed.data.access_token,
      expiresAt: this.#now() + parsed.data.expires_in * 1000 - EXPIRY_MARGIN_MS,
    };
  }

  async #fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        redirect: "error",
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch {
      throw new AppError(
        "ERR_DIALOGFLOW_UNREACHABLE",
        504,
        `${new URL(url).host} did not answer in time or could not be reached`,
      );
    }
  }
}

async function digest(text: string) {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return new Uint8Array(hash).toBase64();
}
