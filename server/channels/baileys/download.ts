// Baileys' media download in its stream form: the buffer form cannot be stopped, so a
// download the inbox gave up on (timeout, shutdown) would keep fetching and buffering in
// the background. Destroying the stream ends the fetch.
import { downloadMediaMessage, type WAMessage } from "@whiskeysockets/baileys";

export async function fetchMedia(msg: WAMessage, signal?: AbortSignal): Promise<Uint8Array> {
  signal?.throwIfAborted();
  const stream = await downloadMediaMessage(msg, "stream", {});
  const stop = () => stream.destroy(new Error("media download aborted"));
  if (signal?.aborted) stop();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      chunks.push(chunk);
      size += chunk.byteLength;
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out;
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}
