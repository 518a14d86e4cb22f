// bench/agents.ts's AI server, in a worker of its own: a real model server is another
// machine, so answering 200 calls must not count against the server's event loop.
import { startFakeOpenAi } from "../server/integrations/openai/fake_server.ts";

const self = globalThis as unknown as {
  onmessage: ((e: MessageEvent<number>) => void) | null;
  postMessage: (m: unknown) => void;
};
self.onmessage = (e) => {
  const model = startFakeOpenAi({ delayMs: e.data });
  const calls = () => model.requests.filter((r) => r.path === "/v1/chat/completions").length;
  self.postMessage({ baseUrl: model.baseUrl });
  self.onmessage = () => self.postMessage({ calls: calls() });
};
