// n8n and webhook integrations: each customer message goes to the integration's URL as JSON
// (WebhookDelivery: the message with its contact, ticket, connection and company, plus the
// chatInput and sessionId n8n's AI agents read), signed so the receiver knows it is ours:
// X-Signature-256 is "sha256=" and the hex HMAC-SHA256 of the exact body under the
// integration's secret. A synchronous answer (output, answer or text; n8n also answers
// [{ output }]) comes back as text for the customer, with the original's handover commands
// read out of it. Each attempt has a timeout; network errors, 408, 409, 429 and 5xx are tried
// again (at most twice, after retry-after or a growing pause) with the same delivery id, so a
// receiver can drop a repeat.
import type { AddressPolicy } from "../addresses.ts";
import { retryable, retryWait } from "../retry.ts";
import { type HandoverCommand, readCommand } from "../handover_command.ts";
import { readCapped } from "../body.ts";

export const DEFAULT_TIMEOUT_MS = 15_000;
export const MAX_RETRIES = 2;
/** An answer longer than this is not read (a receiver answering with a page, for example). */
const MAX_ANSWER_BYTES = 256 * 1024;
/** What one answer may say to the customer. */
const MAX_TEXT = 4096;

export interface WebhookDelivery {
  event: "message";
  /** The same on every attempt of one delivery (also the X-Delivery-Id header). */
  deliveryId: string;
  /** When this delivery was first sent (ISO): a receiver may refuse old ones. */
  sentAt: string;
  company: { id: number; name: string };
  connection: { id: number; name: string; number: string };
  ticket: { id: number; uuid: string; status: string; queueId: number | null };
  contact: {
    id: number;
    name: string;
    number: string;
    email: string;
    customFields: Record<string, string>;
  };
  message: {
    id: number;
    wid: string;
    body: string;
    mediaType: string;
    mediaUrl: string | null;
    createdAt: string;
  };
  /** n8n's AI Agent node: the customer's words. */
  chatInput: string;
  /** n8n's memory nodes: one conversation per contact and connection. */
  sessionId: string;
}

export interface WebhookTarget {
  url: string;
  /** The integration's signing secret, plain. */
  secret: string;
  addresses: AddressPolicy;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface WebhookAnswer {
  /** What to send the customer ("" for nothing). */
  text: string;
  command: HandoverCommand | null;
}

export type WebhookErrorKind = "network" | "timeout" | "refused" | "server" | "aborted";

/** A delivery that did not go through; message and status are the receiver's, never the secret. */
export class WebhookError extends Error {
  constructor(readonly kind: WebhookErrorKind, message: string, readonly status?: number) {
    super(message);
  }
}

/** The signature header's value for a body. */
export async function signature(secret: string, body: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    enc.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(body)));
  return `sha256=${mac.toHex()}`;
}

/** Posts one delivery (with its retries) and reads the receiver's synchronous answer. */
export async function deliver(
  target: WebhookTarget,
  delivery: WebhookDelivery,
): Promise<WebhookAnswer> {
  await target.addresses.check(target.url, "urlN8N");
  const body = JSON.stringify(delivery);
  const headers = {
    "content-type": "application/json",
    "user-agent": "inbox-webhook/1",
    "x-delivery-id": delivery.deliveryId,
    "x-signature-256": await signature(target.secret, body),
  };
  for (let attempt = 0;; attempt++) {
    const timeout = AbortSignal.timeout(target.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = target.signal ? AbortSignal.any([timeout, target.signal]) : timeout;
    let res: Response | null = null;
    let failure: WebhookError;
    try {
      res = await fetch(target.url, {
        method: "POST",
        body,
        headers,
        signal,
        redirect: target.addresses.redirect,
      });
      if (res.ok) return await readAnswer(res);
      failure = new WebhookError(
        retryable(res.status) ? "server" : "refused",
        `the receiver answered ${res.status}`,
        res.status,
      );
      await res.body?.cancel();
      if (!retryable(res.status)) throw failure;
    } catch (e) {
      if (e instanceof WebhookError && e.kind === "refused") throw e;
      if (target.signal?.aborted) throw new WebhookError("aborted", "the delivery was cancelled");
      failure = e instanceof WebhookError
        ? e
        : timeout.aborted
        ? new WebhookError("timeout", "the receiver did not answer in time")
        : new WebhookError("network", "the receiver could not be reached");
    }
    if (attempt >= MAX_RETRIES) throw failure;
    await new Promise((r) => setTimeout(r, retryWait(res?.headers ?? new Headers(), attempt)));
  }
}

async function readAnswer(res: Response): Promise<WebhookAnswer> {
  const raw = await readCapped(res, MAX_ANSWER_BYTES) ?? "";
  let said = raw.trim();
  if (/json/i.test(res.headers.get("content-type") ?? "") || /^[[{]/.test(said)) {
    try {
      said = textOf(JSON.parse(raw));
    } catch {
      // Not JSON after all: the text as it came.
    }
  }
  const { text, command } = readCommand(said);
  return { text: text.slice(0, MAX_TEXT), command };
}

/** output, answer or text of an object, or of the first item of a list (n8n's shape). */
function textOf(value: unknown): string {
  const item = Array.isArray(value) ? value[0] : value;
  if (typeof item === "string") return item;
  if (item && typeof item === "object") {
    for (const key of ["output", "answer", "text"]) {
      const v = (item as Record<string, unknown>)[key];
      if (typeof v === "string") return v;
    }
  }
  return "";
}
