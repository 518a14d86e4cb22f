import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { prepareWAMessageMedia, type proto } from "@whiskeysockets/baileys";
import { fetchMedia } from "./download.ts";
import { silentLogger } from "./logger.ts";

Deno.test("baileys download: a download told to stop ends its fetch instead of buffering on (Baileys' own stream)", async () => {
  let served!: () => void;
  const firstChunkServed = new Promise<void>((r) => served = r);
  let file = new Uint8Array();
  let stalled: ReadableStreamDefaultController | undefined;
  // WhatsApp's media CDN on 127.0.0.1: sends the first part of the file, then stalls.
  const cdn = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () =>
    new Response(new ReadableStream({
      start(c) {
        stalled = c;
        c.enqueue(file.slice(0, 64 * 1024));
        served();
      },
    })));
  try {
    const video = crypto.getRandomValues(new Uint8Array(60_000)).map((b, i) => i < 4 ? [0, 0, 0, 0x18][i] : b);
    const content = await prepareWAMessageMedia({ video: Buffer.from(video), mimetype: "video/mp4" }, {
      logger: silentLogger,
      upload: async (encFilePath) => {
        file = await Deno.readFile(encFilePath);
        return { mediaUrl: `http://127.0.0.1:${cdn.addr.port}/v.enc`, directPath: "" };
      },
    });
    // Twice the file's size, so the CDN's first part is not the whole of it.
    file = new Uint8Array([...file, ...file]);
    const message: proto.IMessage = { videoMessage: { ...content.videoMessage, directPath: null } };
    const abort = new AbortController();
    const download = fetchMedia({ key: { id: "3EB0VIDEO" }, message }, abort.signal);
    download.catch(() => {});
    await firstChunkServed;
    // The CDN never sends the rest: only the abort can end this download.
    abort.abort();
    await assert.rejects(download, /aborted/);
  } finally {
    stalled?.error(new Error("test over")); // ends the response, so the server can shut down
    await cdn.shutdown();
  }
});
