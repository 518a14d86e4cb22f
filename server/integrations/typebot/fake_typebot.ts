// A test double of a third party: a Typebot-like viewer on 127.0.0.1 speaking the chat API's
// POST /api/v1/typebots/{publicId}/startChat and /api/v1/sessions/{id}/continueChat (it
// imports nothing of the server). It runs one small published bot, "atendimento":
//   start: a text bubble greeting the prefilled `name` in bold, an image bubble (a PNG the fake
//          serves at IMAGE_PATH), a wait of
//          2 s after the greeting, then a choice input "Vendas" / "Suporte técnico";
//   "Vendas": "Um momento…" and a pausing wait of 1 s (Typebot's wait block with "pause the
//          flow": the client re-requests with a null message), then a text bubble and a text
//          input with a placeholder (then any answer ends);
//   "Suporte técnico": the handover bubble #{"queueId":2} and the end of the flow;
//   anything else: Typebot's retry message and the same choice input again.
// Sessions live in memory; expire(id) or an unknown id gets Typebot's 404. Calls are recorded;
// fail() and slow() script the next answers (errors, slow answers).

export const BOT = "atendimento";
export const RETRY_MESSAGE = "Invalid message. Please, try again.";
export const CHOICES = ["Vendas", "Suporte técnico"];
/** The image bubble's file, served by the fake itself (a 1x1 PNG). */
export const IMAGE_PATH = "/media/boas-vindas.png";
const PNG = Uint8Array.fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
);

export interface SeenCall {
  path: string;
  body: Record<string, unknown>;
}

interface Session {
  step: "choice" | "paused" | "sales" | "done";
  variables: Record<string, unknown>;
  expired: boolean;
}

export interface FakeTypebot {
  /** The viewer's root to configure as the integration's URL. */
  url: string;
  calls: SeenCall[];
  /** Sessions started, by id. */
  sessions: Map<string, Session>;
  /** Marks a session expired (its next continueChat answers 404). */
  expire: (sessionId: string) => void;
  /** The next `times` calls answer `status` with Typebot's error body. */
  fail: (status: number, times?: number) => void;
  /** The next call answers after `ms`. */
  slow: (ms: number) => void;
  close: () => Promise<void>;
}

const text = (id: string, richText: unknown[]) => ({
  id,
  type: "text",
  content: { type: "richText", richText },
});
const p = (...children: unknown[]) => ({ type: "p", children });

const choiceInput = {
  id: "choice-1",
  type: "choice input",
  items: CHOICES.map((content, i) => ({ id: `item-${i}`, content, outgoingEdgeId: `edge-${i}` })),
  options: {},
};

function greeting(variables: Record<string, unknown>, root: string) {
  const name = typeof variables.name === "string" ? variables.name : "cliente";
  return {
    messages: [
      text("greet", [p({ text: "Olá, " }, { text: name, bold: true }, { text: "!" })]),
      { id: "img", type: "image", content: { url: root + IMAGE_PATH } },
    ],
    input: choiceInput,
    clientSideActions: [
      { type: "wait", wait: { secondsToWaitFor: 2 }, lastBubbleBlockId: "greet" },
    ],
  };
}

function turn(session: Session, message: unknown) {
  const said = typeof message === "string" ? message : (message as { text?: unknown } | null)?.text;
  const retry = { messages: [text("retry", [p({ text: RETRY_MESSAGE })])] };
  if (session.step === "choice") {
    if (said === "Vendas") {
      session.step = "paused";
      return {
        messages: [text("hold", [p({ text: "Um momento…" })])],
        clientSideActions: [{
          type: "wait",
          wait: { secondsToWaitFor: 1 },
          lastBubbleBlockId: "hold",
          expectsDedicatedReply: true,
        }],
      };
    }
    if (said === "Suporte técnico") {
      session.step = "done";
      return { messages: [text("handover", [p({ text: '#{"queueId":2}' })])] };
    }
    return { ...retry, input: choiceInput };
  }
  if (session.step === "paused") {
    // Only the re-request (a null message) resumes the paused flow.
    if (message !== null && message !== undefined) return retry;
    session.step = "sales";
    return {
      messages: [text("sales", [p({ text: "Um vendedor vai ajudar. Qual produto?" })])],
      input: {
        id: "text-1",
        type: "text input",
        options: { labels: { placeholder: "Digite o produto" } },
      },
    };
  }
  session.step = "done";
  return { messages: [text("bye", [p({ text: "Obrigado!" })])] };
}

export function startFakeTypebot(): FakeTypebot {
  const calls: SeenCall[] = [];
  const sessions = new Map<string, Session>();
  const failures: number[] = [];
  let slowMs = 0;
  const closing = new AbortController();

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  // tRPC's error body, as Typebot answers.
  const error = (status: number, message: string, code: string) =>
    json({ message, code, issues: [] }, status);

  const handler = async (req: Request): Promise<Response> => {
    const path = new URL(req.url).pathname;
    if (path === IMAGE_PATH) {
      return new Response(PNG, { headers: { "content-type": "image/png" } });
    }
    const body = await req.json().catch(() => ({})) as Record<string, unknown>;
    calls.push({ path, body });
    if (slowMs) {
      const ms = slowMs;
      slowMs = 0;
      await sleep(ms, closing.signal);
    }
    const failure = failures.shift();
    if (failure) return error(failure, "Something went wrong", "INTERNAL_SERVER_ERROR");
    if (req.method !== "POST") return error(405, "Method not allowed", "METHOD_NOT_SUPPORTED");

    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    if (start) {
      if (decodeURIComponent(start[1]) !== BOT) return error(404, "Typebot not found", "NOT_FOUND");
      const variables = (body.prefilledVariables ?? {}) as Record<string, unknown>;
      const sessionId = crypto.randomUUID();
      sessions.set(sessionId, { step: "choice", variables, expired: false });
      return json({
        sessionId,
        resultId: crypto.randomUUID(),
        typebot: { id: "bot-1", version: "6", theme: {}, settings: {} },
        ...greeting(variables, new URL(req.url).origin),
      });
    }
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (next) {
      const session = sessions.get(decodeURIComponent(next[1]));
      if (!session || session.step === "done") {
        return error(404, "Session not found.", "NOT_FOUND");
      }
      if (session.expired) {
        return error(404, "Session expired. You need to start a new session.", "NOT_FOUND");
      }
      return json(turn(session, body.message));
    }
    return error(404, "Not found", "NOT_FOUND");
  };

  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: closing.signal,
    onListen: () => {},
  }, handler);
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    calls,
    sessions,
    expire: (id) => {
      const s = sessions.get(id);
      if (s) s.expired = true;
    },
    fail: (status, times = 1) => void failures.push(...Array(times).fill(status)),
    slow: (ms) => void (slowMs = ms),
    close: async () => {
      closing.abort();
      await server.finished;
    },
  };
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
