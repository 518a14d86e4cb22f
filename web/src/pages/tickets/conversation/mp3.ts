/**
 * Recorded audio goes out as MP3 at 128 kbps, mono 16-bit (spec 9). The browser records
 * in its own container (webm/ogg); the recording is decoded and encoded again here.
 */
export const MP3_KBPS = 128;
/** Recordings smaller than this are discarded (spec 5). */
export const MIN_RECORDING_BYTES = 10_000;
/** lamejs encodes in blocks of one MPEG-1 Layer III frame. */
const FRAME_SAMPLES = 1152;

export function isRecordingLongEnough(bytes: number): boolean {
  return bytes >= MIN_RECORDING_BYTES;
}

export function recordingFileName(now = Date.now()): string {
  return `audio-${now}.mp3`;
}

/** The average of the channels, so a stereo microphone does not lose a side. */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const length = Math.min(...channels.map((channel) => channel.length));
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) mono[i] += channel[i] / channels.length;
  }
  return mono;
}

/** Web Audio samples (-1..1) as signed 16-bit PCM, clipped. */
export function toPcm16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i]));
    pcm[i] = value < 0 ? value * 0x8000 : value * 0x7fff;
  }
  return pcm;
}

/** Mono PCM to MP3 bytes. lamejs is loaded on first use: most sessions never record. */
export async function encodeMp3(
  pcm: Int16Array,
  sampleRate: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const { Mp3Encoder } = await import("@breezystack/lamejs");
  const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  const parts: Uint8Array[] = [];
  for (let at = 0; at < pcm.length; at += FRAME_SAMPLES) {
    const chunk = encoder.encodeBuffer(pcm.subarray(at, at + FRAME_SAMPLES));
    if (chunk.length) parts.push(chunk.slice());
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(tail.slice());
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A browser recording (any format the browser can decode) as an MP3 file. */
export async function recordingToMp3(recording: Blob, now = Date.now()): Promise<File> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await recording.arrayBuffer());
    const channels = Array.from(
      { length: audio.numberOfChannels },
      (_, i) => audio.getChannelData(i),
    );
    const bytes = await encodeMp3(toPcm16(mixToMono(channels)), audio.sampleRate);
    return new File([bytes], recordingFileName(now), { type: "audio/mpeg" });
  } finally {
    void context.close();
  }
}
