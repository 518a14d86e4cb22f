// A test double of a third party: Azure Speech's text-to-speech REST endpoint on 127.0.0.1
// (it imports nothing of the server). Point AZURE_SPEECH_URL at `baseUrl` (the region is the
// first path segment). It answers as the service does: 401 without the resource's key, 400 for
// a body that is not SSML naming a voice, else ogg bytes; scripted answers (reply()) come first.
// It records what it was sent.

export interface SeenSpeech {
  region: string;
  key: string | null;
  contentType: string | null;
  format: string | null;
  ssml: string;
  voice: string | null;
  /** The spoken text, XML entities undone. */
  text: string | null;
}

export interface FakeSpeechReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

export interface FakeSpeech {
  /** The AZURE_SPEECH_URL to configure: http://127.0.0.1:{port}/{region} */
  baseUrl: string;
  requests: SeenSpeech[];
  reply: (...replies: FakeSpeechReply[]) => void;
  close: () => Promise<void>;
}

/** What the fake answers for a text: an ogg page header, then the text (tests can read it back). */
export function fakeRecording(text: string): Uint8Array {
  return new TextEncoder().encode(`OggS\0\x02OpusHead${text}`);
}

const unescape = (s: string) =>
  s.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[e as string]!,
  );

export function startFakeSpeech(opts: { key: string }): FakeSpeech {
  const requests: SeenSpeech[] = [];
  const script: FakeSpeechReply[] = [];
  const closing = new AbortController();

  const handler = async (req: Request): Promise<Response> => {
    const [region, ...rest] = new URL(req.url).pathname.slice(1).split("/");
    const ssml = await req.text();
    const voice = /<voice\s+name="([^"]+)"\s*>([\s\S]*)<\/voice>/.exec(ssml);
    const seen: SeenSpeech = {
      region,
      key: req.headers.get("ocp-apim-subscription-key"),
      contentType: req.headers.get("content-type"),
      format: req.headers.get("x-microsoft-outputformat"),
      ssml,
      voice: voice ? unescape(voice[1]) : null,
      text: voice ? unescape(voice[2]) : null,
    };
    requests.push(seen);
    if (req.method !== "POST" || rest.join("/") !== "cognitiveservices/v1") {
      return new Response("not found", { status: 404 });
    }
    if (seen.key !== opts.key) return new Response("", { status: 401, statusText: "Unauthorized" });
    const next = script.shift();
    if (next) {
      if (next.delayMs) await sleep(next.delayMs, closing.signal);
      return new Response(next.body ?? "", { status: next.status, headers: next.headers });
    }
    if (
      seen.contentType !== "application/ssml+xml" || !seen.format || !ssml.startsWith("<speak") ||
      !seen.voice
    ) {
      return new Response("", { status: 400, statusText: "Bad Request" });
    }
    return new Response(fakeRecording(seen.text ?? "") as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": "audio/ogg" },
    });
  };

  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: closing.signal,
    onListen: () => {},
  }, handler);
  return {
    baseUrl: `http://127.0.0.1:${server.addr.port}/{region}`,
    requests,
    reply: (...replies) => void script.push(...replies),
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
