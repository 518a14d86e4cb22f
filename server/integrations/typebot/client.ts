// A client of Typebot's chat API (the public routes of a published bot). The module's surface,
// for the runtime that owns a ticket's conversation:
//   prefilledVariables(contact)                      (variables.ts) -> startChat's variables
//   startChat(server, slug, { prefilledVariables })  -> TypebotStart (sessionId + first answer)
//   continueChat(server, sessionId, reply | null)    -> TypebotAnswer (null: after a pausing wait)
//   readTurn(answer, { delayMessageMs, unknownMessage })  (turn.ts) -> the items to send with
//     their waits, the input that follows, a handover command (../handover_command.ts), whether it ended
//   matchChoice(turn.input, reply)                   (turn.ts) -> what to send for "2"
// A TypebotError of kind "sessionNotFound" (Typebot's 404 for an unknown or expired session)
// means: start a new chat.
// Only the v1 start/continue routes exist in Typebot's current API; streaming is off so that
// Typebot runs its OpenAI blocks itself. Each attempt has a timeout; 429 and 5xx are tried
// again (at most twice) with backoff; the address is checked before each call and redirects
// follow the installation's policy. Errors carry Typebot's status and a short excerpt of its
// message, never the URL (it may carry credentials in its user-info).
import { pause, retryWait } from "../retry.ts";
import { readCapped } from "../body.ts";
import { z } from "zod";
import type { AddressPolicy } from "../addresses.ts";

export const DEFAULT_TIMEOUT_MS = 15_000;
export const MAX_RETRIES = 2;
/** A bot's answer is a few bubbles; more than this is not Typebot. */
export const MAX_ANSWER_BYTES = 1_000_000;

export interface TypebotServer {
  /** The Typebot viewer's root ("https://bot.example.com"), the integration's urlN8N. */
  url: string;
  timeoutMs?: number;
  /** The first backoff after a 429/5xx, doubled per attempt (tests shorten it). */
  backoffMs?: number;
  /** Stops waiting (shutdown): the call ends with kind "aborted". */
  signal?: AbortSignal;
  /** The installation's rule on the addresses a company may have it call (checked before each call). */
  addresses: AddressPolicy;
}

const richNode: z.ZodType<RichNode> = z.lazy(() =>
  z.looseObject({
    type: z.string().optional(),
    text: z.string().optional(),
    url: z.string().optional(),
    bold: z.boolean().optional(),
    italic: z.boolean().optional(),
    underline: z.boolean().optional(),
    strikethrough: z.boolean().optional(),
    code: z.boolean().optional(),
    children: z.array(richNode).optional(),
  })
);

/** A node of Typebot's rich text (Slate/Plate): an element with children or a text leaf with marks. */
export interface RichNode {
  type?: string;
  text?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
  children?: RichNode[];
}

const message = z.looseObject({
  id: z.string(),
  type: z.string(),
  content: z.record(z.string(), z.unknown()).default({}),
});

const input = z.looseObject({
  id: z.string(),
  type: z.string(),
  items: z.array(z.record(z.string(), z.unknown())).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
});

const action = z.looseObject({
  type: z.string(),
  lastBubbleBlockId: z.string().optional(),
  expectsDedicatedReply: z.boolean().optional(),
  wait: z.object({ secondsToWaitFor: z.coerce.number() }).optional(),
});

const answer = z.object({
  messages: z.array(message).default([]),
  input: input.nullish(),
  clientSideActions: z.array(action).nullish(),
});

const start = answer.extend({ sessionId: z.string().min(1), resultId: z.string().nullish() });

export type TypebotMessage = z.infer<typeof message>;
export type TypebotInput = z.infer<typeof input>;
export type TypebotAction = z.infer<typeof action>;
export type TypebotAnswer = z.infer<typeof answer>;
export type TypebotStart = z.infer<typeof start>;

/** Rich text nodes of a text bubble, when it has them. */
export function richTextOf(m: TypebotMessage): RichNode[] | null {
  const parsed = z.array(richNode).safeParse(m.content.richText);
  return parsed.success ? parsed.data : null;
}

export type TypebotErrorKind =
  /** No answer within the timeout. */
  | "timeout"
  /** Typebot could not be reached. */
  | "network"
  /** The call was cancelled by its caller. */
  | "aborted"
  /** continueChat's 404: the session is unknown or expired; start a new chat. */
  | "sessionNotFound"
  /** 429 still after the retries. */
  | "rateLimit"
  /** 5xx still after the retries. */
  | "server"
  /** Another 4xx (an unknown or unpublished bot is a 404 of startChat). */
  | "request"
  /** A 2xx that is not the protocol's answer. */
  | "badAnswer";

export class TypebotError extends Error {
  constructor(readonly kind: TypebotErrorKind, message: string, readonly status?: number) {
    super(message);
    this.name = "TypebotError";
  }
}

export interface StartOptions {
  /** Values for the bot's variables, by name (see prefilledVariables()). */
  prefilledVariables?: Record<string, string>;
  /** Only for a flow that starts with an input block. */
  message?: string;
}

/** Starts a session of the published bot `slug` (its public id). */
export async function startChat(
  server: TypebotServer,
  slug: string,
  opts: StartOptions = {},
): Promise<TypebotStart> {
  const body = {
    isStreamEnabled: false,
    isOnlyRegistering: false,
    textBubbleContentFormat: "richText",
    prefilledVariables: opts.prefilledVariables ?? {},
    ...(opts.message === undefined ? {} : { message: opts.message }),
  };
  const res = await send(
    server,
    "startChat",
    `/api/v1/typebots/${encodeURIComponent(slug)}/startChat`,
    body,
  );
  return readAs(start, res, "startChat");
}

/** The next turn of a session; a null message re-requests after a wait that expects it. */
export async function continueChat(
  server: TypebotServer,
  sessionId: string,
  message: string | null,
): Promise<TypebotAnswer> {
  const res = await send(
    server,
    "continueChat",
    `/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    { message, textBubbleContentFormat: "richText" },
  );
  return readAs(answer, res, "continueChat");
}

function readAs<T>(schema: z.ZodType<T>, res: unknown, call: string): T {
  const parsed = schema.safeParse(res);
  if (!parsed.success) {
    throw new TypebotError("badAnswer", `Typebot's ${call} answer is not the chat API's`);
  }
  return parsed.data;
}

export const endpoint = (url: string, path: string) => url.trim().replace(/\/+$/, "") + path;

/** One call with its retries; the answer's JSON. */
async function send(
  server: TypebotServer,
  call: "startChat" | "continueChat",
  path: string,
  body: unknown,
): Promise<unknown> {
  const url = endpoint(server.url, path);
  const timeoutMs = server.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  for (let attempt = 0;; attempt++) {
    await server.addresses.check(url, "urlN8N");
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = server.signal ? AbortSignal.any([timeout, server.signal]) : timeout;
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", accept: "application/json" },
        signal,
        redirect: server.addresses.redirect,
      });
      const read = await readCapped(res, MAX_ANSWER_BYTES);
      // A hostile server cannot fill memory.
      if (read === null) {
        throw new TypebotError("badAnswer", "Typebot's answer is too large", res.status);
      }
      text = read;
    } catch (e) {
      if (e instanceof TypebotError) throw e;
      if (server.signal?.aborted) throw new TypebotError("aborted", "the call was cancelled");
      if (timeout.aborted) {
        throw new TypebotError(
          "timeout",
          `Typebot did not answer ${call} within ${timeoutMs / 1000} s`,
        );
      }
      // fetch's own message names the URL; the kind of failure is enough.
      throw new TypebotError("network", `Typebot could not be reached (${call})`);
    }
    if (res.ok) {
      try {
        return JSON.parse(text);
      } catch {
        throw new TypebotError("badAnswer", `Typebot's ${call} answer is not JSON`, res.status);
      }
    }
    const status = res.status;
    if ((status === 429 || status >= 500) && attempt < MAX_RETRIES) {
      await pause(
        retryWait(res.headers, attempt, Date.now(), server.backoffMs ?? 500),
        server.signal,
        () => new TypebotError("aborted", "the call was cancelled"),
      );
      continue;
    }
    const detail = remoteMessage(text);
    const message = `Typebot answered ${call} with status ${status}${detail ? `: ${detail}` : ""}`;
    if (status === 404 && call === "continueChat") {
      throw new TypebotError("sessionNotFound", message, status);
    }
    const kind = status === 429 ? "rateLimit" : status >= 500 ? "server" : "request";
    throw new TypebotError(kind, message, status);
  }
}

/** Typebot's errors are tRPC's {"message","code"}; a short, printable excerpt of it. */
function remoteMessage(text: string): string {
  let m = text;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed?.message === "string") m = parsed.message;
  } catch { /* not JSON: its text */ }
  // deno-lint-ignore no-control-regex
  return m.replace(/[\u0000-\u001f\u007f]+/g, " ").trim().slice(0, 200);
}
