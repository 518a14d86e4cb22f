// Recorded audio: MP3 at 128 kbps, mono 16-bit, nothing under 10,000 bytes (run with `deno test web/src`).
import assert from "node:assert/strict";
import {
  encodeMp3,
  isRecordingLongEnough,
  MIN_RECORDING_BYTES,
  mixToMono,
  recordingFileName,
  toPcm16,
} from "./mp3.ts";

Deno.test("recordings under 10,000 bytes are discarded", () => {
  assert.equal(MIN_RECORDING_BYTES, 10_000);
  assert.equal(isRecordingLongEnough(0), false);
  assert.equal(isRecordingLongEnough(9_999), false);
  assert.equal(isRecordingLongEnough(10_000), true);
});

Deno.test("file name audio-<timestamp>.mp3", () => {
  assert.equal(recordingFileName(1700000000000), "audio-1700000000000.mp3");
});

Deno.test("samples become clipped 16-bit PCM; channels are averaged", () => {
  assert.deepEqual(Array.from(toPcm16(new Float32Array([0, 1, -1, 2, -2, 0.5]))), [
    0,
    32767,
    -32768,
    32767,
    -32768,
    16383,
  ]);
  const mono = mixToMono([new Float32Array([1, 0, 0.5]), new Float32Array([0, 0, 0.5])]);
  assert.deepEqual(Array.from(mono), [0.5, 0, 0.5]);
  const one = new Float32Array([0.25]);
  assert.equal(mixToMono([one]), one);
});

Deno.test("one second encodes to about 16 kB of MPEG-1 Layer III frames (128 kbps)", async () => {
  const rate = 44_100;
  const tone = new Float32Array(rate).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate));
  const mp3 = await encodeMp3(toPcm16(tone), rate);
  // Frame sync (11 bits set), MPEG-1, Layer III.
  assert.equal(mp3[0], 0xff);
  assert.equal(mp3[1] & 0xfe, 0xfa);
  // Bitrate index 1001 is 128 kbps for MPEG-1 Layer III.
  assert.equal(mp3[2] >> 4, 0b1001);
  assert.ok(mp3.length > 15_000 && mp3.length < 18_500, `${mp3.length} bytes`);
  // And a second of speech is long enough to be sent.
  assert.ok(isRecordingLongEnough(mp3.length));
});
