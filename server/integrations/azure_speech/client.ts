// Text to speech through Azure Speech's REST API (POST {region}/cognitiveservices/v1): SSML
// naming the voice in, an ogg/opus recording out, the format WhatsApp plays as a voice note.
// Plain fetch: Microsoft's SDK is not among our dependencies and this is one call. Each attempt
// has a timeout; 408, 409, 429 and 5xx are tried again (at most twice) after the service's
// retry-after, capped. Errors carry the status and the service's words, never the key.
import { pause, retryable, retryWait } from "../retry.ts";
import { readCapped, readCappedBytes } from "../body.ts";
import type { AddressPolicy } from "../addresses.ts";
import { maskSecret } from "../../secrets/box.ts";

/** Where the calls go; {region} is the company's (AZURE_SPEECH_URL overrides it for tests and proxies). */
export const AZURE_SPEECH_URL = "https://{region}.tts.speech.microsoft.com";
/** Opus in ogg, what a WhatsApp voice note is. */
export const OUTPUT_FORMAT = "ogg-48khz-16bit-mono-opus";
export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_RETRIES = 2;
/** WhatsApp's audio limit: a longer recording could not be sent anyway. */
const MAX_AUDIO_BYTES = 16 * 1024 * 1024;
/** Azure's regions are names like "brazilsouth" or "eastus2": nothing else goes into a host name. */
const REGION = /^[a-z0-9-]{2,40}$/;

export interface SpeechServer {
  /** The Azure region of the Speech resource ("brazilsouth"). */
  region: string;
  /** The resource's key (Ocp-Apim-Subscription-Key). */
  key: string;
  /** AZURE_SPEECH_URL: the service's root, with {region} where the region goes. */
  baseUrl?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The installation's rule on the addresses a company may have it call. */
  addresses: AddressPolicy;
}

export type SpeechErrorKind =
  | "timeout"
  | "network"
  | "aborted"
  /** 401/403: the key is wrong or not for this region. */
  | "auth"
  /** 429 still after the retries. */
  | "rateLimit"
  /** 5xx (or 408/409) still after the retries. */
  | "server"
  /** Another 4xx (an unknown voice, bad SSML), or a region that is not one. */
  | "request"
  /** A 2xx that is not a recording, or one too large. */
  | "badAnswer";

export class SpeechError extends Error {
  constructor(readonly kind: SpeechErrorKind, message: string, readonly status?: number) {
    super(message);
    this.name = "SpeechError";
  }
}

/** The service's address for a region. */
export function speechEndpoint(region: string, baseUrl = AZURE_SPEECH_URL): string {
  const r = region.trim().toLowerCase();
  if (!REGION.test(r)) {
    throw new SpeechError("request", "the voice region is not an Azure region name");
  }
  return baseUrl.replaceAll("{region}", r).replace(/\/+$/, "") + "/cognitiveservices/v1";
}

/** The SSML Azure reads: the voice by name, in its own language (the name's "pt-BR" part). */
export function ssml(voice: string, text: string): string {
  const lang = /^([a-z]{2,3}-[A-Z]{2})-/.exec(voice.trim())?.[1] ?? "en-US";
  return `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${lang}">` +
    `<voice name="${escapeXml(voice.trim())}">${escapeXml(text)}</voice></speak>`;
}

/** `text` spoken by `voice`: the ogg/opus bytes. */
export async function synthesize(
  server: SpeechServer,
  req: { voice: string; text: string },
): Promise<Uint8Array> {
  const url = speechEndpoint(server.region, server.baseUrl);
  await server.addresses.check(url, "voiceRegion");
  const body = ssml(req.voice, req.text);
  const timeoutMs = server.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  for (let attempt = 0;; attempt++) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = server.signal ? AbortSignal.any([timeout, server.signal]) : timeout;
    let res: Response;
    let audio: Uint8Array | null = null;
    let error = "";
    try {
      res = await fetch(url, {
        method: "POST",
        body,
        headers: {
          "ocp-apim-subscription-key": server.key,
          "content-type": "application/ssml+xml",
          "x-microsoft-outputformat": OUTPUT_FORMAT,
          "user-agent": "inbox",
        },
        signal,
        redirect: server.addresses.redirect,
      });
      if (res.ok) {
        audio = await readCappedBytes(res, MAX_AUDIO_BYTES);
        if (audio === null) {
          throw new SpeechError("badAnswer", "the recording is too large", res.status);
        }
      } else error = (await readCapped(res, 64 * 1024))?.trim().slice(0, 300) ?? "";
    } catch (e) {
      if (e instanceof SpeechError) throw e;
      if (server.signal?.aborted) throw new SpeechError("aborted", "the call was cancelled");
      if (timeout.aborted) {
        throw new SpeechError("timeout", `the service did not answer within ${timeoutMs / 1000} s`);
      }
      throw new SpeechError(
        "network",
        `the service could not be reached: ${
          scrub(String((e as Error)?.message ?? e), server.key)
        }`,
      );
    }
    if (audio) {
      if (!audio.byteLength) {
        throw new SpeechError("badAnswer", "the recording is empty", res.status);
      }
      return audio;
    }
    if (retryable(res.status) && attempt < MAX_RETRIES) {
      await pause(retryWait(res.headers, attempt), server.signal, cancelled);
      continue;
    }
    const message = scrub(error || res.statusText || `status ${res.status}`, server.key);
    throw new SpeechError(kindOf(res.status), message, res.status);
  }
}

function kindOf(status: number): SpeechErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rateLimit";
  if (retryable(status)) return "server";
  return "request";
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

const scrub = (text: string, key: string) => key ? text.replaceAll(key, maskSecret(key)) : text;

const cancelled = () => new SpeechError("aborted", "the call was cancelled");
