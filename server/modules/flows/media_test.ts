// The flow builder's uploads as the original client posts them (multipart medias, body,
// fromMe): the spec's types by their bytes and their limits, the stored name served under
// /public/{name}, nothing stored when one file of several is refused.
import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN, PNG, startTestServer, type TestServer } from "../../testing.ts";

const MB = 1024 * 1024;
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const bytes = (head: number[], size = 64): Uint8Array<ArrayBuffer> => {
  const b = new Uint8Array(size);
  b.set(head);
  return b;
};
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0]);
const GIF = bytes(ascii("GIF89a"));
const OGG = bytes(ascii("OggS"));
const MP3 = bytes(ascii("ID3"));
const MP4 = bytes([0, 0, 0, 0x20, ...ascii("ftypisom")]);
const big = (head: Uint8Array, size: number) => bytes([...head.slice(0, 12)], size);

/** The original's form: the file under medias, its name as body, fromMe true. */
function form(files: [Uint8Array<ArrayBuffer>, string, string][]) {
  const f = new FormData();
  f.append("fromMe", "true");
  for (const [data, name, type] of files) {
    f.append("medias", new File([data], name, { type }));
    f.append("body", name);
  }
  return f;
}

async function withServer(fn: (s: TestServer, token: string) => Promise<void>) {
  const s = await startTestServer();
  try {
    await fn(s, (await s.login(ADMIN.email, ADMIN.password)).token);
  } finally {
    await s.stop();
  }
}

const stored = async (s: TestServer) => {
  let n = 0;
  try {
    for await (const _ of Deno.readDir(join(s.dataDir, "media", "1"))) n++;
  } catch { /* no folder yet */ }
  return n;
};

Deno.test("flow media: an image is png or jpeg by its bytes and at most 2 MB; its name is served under /public/{name}", async () => {
  await withServer(async (s, token) => {
    const png = await s.call("/flowbuilder/img", {
      token,
      form: form([[PNG, "logo.png", "image/png"]]),
    });
    assert.equal(png.status, 200, JSON.stringify(png.body));
    assert.match(png.body.name, /^1\/[0-9a-f]{32}\.png$/);
    const served = await fetch(`${s.url}/public/${png.body.name}`);
    assert.equal(served.headers.get("content-type"), "image/png");
    assert.deepEqual(new Uint8Array(await served.arrayBuffer()), PNG);
    // Compressed by the browser, a jpeg may arrive without its type: the bytes decide.
    const jpeg = await s.call("/flowbuilder/img/", { token, form: form([[JPEG, "foto", ""]]) });
    assert.match(jpeg.body.name, /\.jpg$/);

    const gif = await s.call("/flowbuilder/img", {
      token,
      form: form([[GIF, "anim.gif", "image/gif"]]),
    });
    assert.deepEqual([gif.status, gif.body.error, gif.body.accept], [415, "ERR_FILE_TYPE", [
      "image/png",
      "image/jpeg",
    ]]);
    const disguised = await s.call("/flowbuilder/img", {
      token,
      form: form([[MP3, "logo.png", "image/png"]]),
    });
    assert.deepEqual(
      [disguised.status, disguised.body.error],
      [415, "ERR_FILE_TYPE"],
      "the name and the claimed type do not decide",
    );
    const heavy = await s.call("/flowbuilder/img", {
      token,
      form: form([[big(PNG, 2 * MB + 1), "big.png", "image/png"]]),
    });
    assert.deepEqual([heavy.status, heavy.body.error, heavy.body.maxBytes], [
      413,
      "ERR_FILE_TOO_LARGE",
      2 * MB,
    ]);
    const two = await s.call("/flowbuilder/img", {
      token,
      form: form([[PNG, "a.png", "image/png"], [PNG, "b.png", "image/png"]]),
    });
    assert.deepEqual([two.status, two.body.field], [400, "medias"]);
    const none = await s.call("/flowbuilder/img", { token, form: form([]) });
    assert.deepEqual([none.status, none.body.field], [400, "medias"]);
    assert.equal(await stored(s), 2, "only the accepted files were written");
  });
});

Deno.test("flow media: audio is ogg or mp3 up to 5 MB, and the video block's mp4 (posted to /flowbuilder/audio) up to the store's 16 MB", async () => {
  await withServer(async (s, token) => {
    for (
      const [data, name, type, ext] of [[OGG, "voz.ogg", "audio/ogg; codecs=opus", "ogg"], [
        MP3,
        "musica.mp3",
        "audio/mp3",
        "mp3",
      ], [MP4, "video.mp4", "video/mp4", "mp4"]] as const
    ) {
      const r = await s.call("/flowbuilder/audio", { token, form: form([[data, name, type]]) });
      assert.equal(r.status, 200, `${name}: ${JSON.stringify(r.body)}`);
      assert.ok(r.body.name.endsWith(`.${ext}`), r.body.name);
    }
    const png = await s.call("/flowbuilder/audio", {
      token,
      form: form([[PNG, "logo.png", "image/png"]]),
    });
    assert.deepEqual([png.status, png.body.accept], [415, [
      "audio/ogg",
      "audio/mpeg",
      "video/mp4",
    ]]);
    const wav = await s.call("/flowbuilder/audio", {
      token,
      form: form([[bytes([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WAVE")]), "a.wav", "audio/wav"]]),
    });
    assert.equal(wav.status, 415);
    const longAudio = await s.call("/flowbuilder/audio", {
      token,
      form: form([[big(MP3, 5 * MB + 1), "longo.mp3", "audio/mpeg"]]),
    });
    assert.deepEqual([longAudio.status, longAudio.body.maxBytes, longAudio.body.kind], [
      413,
      5 * MB,
      "audio",
    ]);
    const longVideo = await s.call("/flowbuilder/audio", {
      token,
      form: form([[big(MP4, 16 * MB + 1), "longo.mp4", "video/mp4"]]),
    });
    assert.deepEqual([longVideo.status, longVideo.body.maxBytes, longVideo.body.kind], [
      413,
      16 * MB,
      "video",
    ]);
    const overRequest = await s.call("/flowbuilder/audio", {
      token,
      form: form([[big(MP4, 22 * MB), "enorme.mp4", "video/mp4"]]),
    });
    assert.deepEqual([overRequest.status, overRequest.body.error], [413, "ERR_FILE_TOO_LARGE"]);
  });
});

Deno.test("flow media: a content block's files are answered as names in order; one refused file stores none", async () => {
  await withServer(async (s, token) => {
    const ok = await s.call("/flowbuilder/content", {
      token,
      form: form([[PNG, "a.png", "image/png"], [OGG, "b.ogg", "audio/ogg"], [
        MP4,
        "c.mp4",
        "video/mp4",
      ]]),
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.length, 3);
    assert.deepEqual(ok.body.map((n: string) => n.split(".")[1]), ["png", "ogg", "mp4"]);
    for (const name of ok.body) {
      assert.equal(
        await fetch(`${s.url}/public/${name}`).then(async (
          r,
        ) => (await r.body?.cancel(), r.status)),
        200,
      );
    }
    const before = await stored(s);
    const mixed = await s.call("/flowbuilder/content", {
      token,
      form: form([[PNG, "a.png", "image/png"], [GIF, "b.gif", "image/gif"]]),
    });
    assert.deepEqual([mixed.status, mixed.body.error], [415, "ERR_FILE_TYPE"]);
    assert.equal(await stored(s), before);
  });
});
