// A test double of a third party: an OpenAI-compatible server on 127.0.0.1 for the server
// tests and the browser journeys (it imports nothing of the server). It speaks the
// protocol's POST /v1/chat/completions and /v1/audio/transcriptions and records what it was
// sent. Answers are scripted in order (reply()); with none left it answers "eco: " and the
// last user message. With `key` set, a call without that Bearer key gets OpenAI's 401, whose
// message quotes the key it was given (as some servers do), so tests can see it is scrubbed.

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** The JSON answered. */
  body?: unknown;
  /** Waits this long before answering (a slow model). */
  delayMs?: number;
}

export interface SeenRequest {
  path: string;
  authorization: string | null;
  /** The JSON body, or for a multipart one its text fields and the file's name. */
  body: Record<string, unknown>;
}

export interface FakeOpenAi {
  /** The API root to configure: http://127.0.0.1:{port}/v1 */
  baseUrl: string;
  requests: SeenRequest[];
  /** Answers for the next calls, in order. */
  reply: (...replies: FakeReply[]) => void;
  close: () => Promise<void>;
}

/** A normal answer with text. */
export function answer(
  text: string,
  usage = { prompt_tokens: 12, completion_tokens: 5 },
): FakeReply {
  return { body: completion({ role: "assistant", content: text }, "stop", usage) };
}

/** An answer that calls one function tool. */
export function toolCall(name: string, args: Record<string, unknown>): FakeReply {
  return {
    body: completion(
      {
        role: "assistant",
        content: null,
        tool_calls: [{
          id: `call_${crypto.randomUUID().slice(0, 8)}`,
          type: "function",
          function: { name, arguments: JSON.stringify(args) },
        }],
      },
      "tool_calls",
      { prompt_tokens: 20, completion_tokens: 8 },
    ),
  };
}

/** The protocol's error answer. */
export function failure(
  status: number,
  message: string,
  code: string | null = null,
  headers: Record<string, string> = {},
): FakeReply {
  const type = status === 429 && code === "insufficient_quota"
    ? "insufficient_quota"
    : status >= 500
    ? "server_error"
    : "invalid_request_error";
  return { status, headers, body: { error: { message, type, param: null, code } } };
}

function completion(
  message: Record<string, unknown>,
  finish: string,
  u: { prompt_tokens: number; completion_tokens: number },
) {
  return {
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "fake",
    choices: [{ index: 0, message, finish_reason: finish }],
    usage: { ...u, total_tokens: u.prompt_tokens + u.completion_tokens },
  };
}

export function startFakeOpenAi(
  opts: { key?: string; /** How long every unscripted answer takes (benches). */ delayMs?: number } = {},
): FakeOpenAi {
  const requests: SeenRequest[] = [];
  const script: FakeReply[] = [];
  const closing = new AbortController();

  const handler = async (req: Request): Promise<Response> => {
    const path = new URL(req.url).pathname;
    const authorization = req.headers.get("authorization");
    let body: Record<string, unknown> = {};
    if ((req.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      const form = await req.formData();
      for (const [k, v] of form) {
        body[k] = typeof v === "string" ? v : { fileName: v.name, size: v.size };
      }
    } else body = await req.json().catch(() => ({}));
    requests.push({ path, authorization, body });

    if (opts.key && authorization !== `Bearer ${opts.key}`) {
      const given = authorization?.replace(/^Bearer /, "") ?? "";
      return send(
        failure(
          401,
          `Incorrect API key provided: ${given}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          "invalid_api_key",
        ),
      );
    }
    const next = script.shift();
    if (next) {
      if (next.delayMs) await sleep(next.delayMs, closing.signal);
      return send(next);
    }
    if (path === "/v1/audio/transcriptions") {
      const file = body.file as { fileName?: string } | undefined;
      return send({ body: { text: `transcrição de ${file?.fileName ?? "áudio"}` } });
    }
    if (path === "/v1/chat/completions") {
      if (opts.delayMs) await sleep(opts.delayMs, closing.signal);
      const messages = Array.isArray(body.messages)
        ? body.messages as { role: string; content: unknown }[]
        : [];
      const last = messages.findLast((m) => m.role === "user");
      return send(answer(`eco: ${typeof last?.content === "string" ? last.content : ""}`));
    }
    return send(failure(404, `unknown path ${path}`));
  };

  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: closing.signal,
    onListen: () => {},
  }, handler);
  return {
    baseUrl: `http://127.0.0.1:${server.addr.port}/v1`,
    requests,
    reply: (...replies) => void script.push(...replies),
    close: async () => {
      closing.abort();
      await server.finished;
    },
  };
}

const send = (r: FakeReply) =>
  new Response(JSON.stringify(r.body ?? {}), {
    status: r.status ?? 200,
    headers: { "content-type": "application/json", ...r.headers },
  });

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
