/**
 * Pure rules of the connections area: alert badge, live list updates, session actions,
 * pairing by phone number, dates.
 */
import type { Provider, SessionStatus, Whatsapp } from "../../api/whatsapps.ts";
import { formatTime } from "../../lib/format.ts";
import { collect, type Issues, required } from "../../lib/validation.ts";

/** Statuses that put the alert badge on the drawer's connections entry (seed 001 section 9). */
export const ALERT_STATUSES: readonly SessionStatus[] = [
  "qrcode",
  "PAIRING",
  "DISCONNECTED",
  "TIMEOUT",
  "OPENING",
];

/** The alert check runs this long after the app loads, then follows the events. */
export const ALERT_DELAY_MS = 2000;

export function needsAttention(status: string): boolean {
  return (ALERT_STATUSES as readonly string[]).includes(status);
}

export function hasAlert(list: readonly Pick<Whatsapp, "status">[]): boolean {
  return list.some((whatsapp) => needsAttention(whatsapp.status));
}

/** What the session column offers for a status (seed 001 section 2). */
export type SessionAction =
  | "qrcode"
  | "retry"
  | "newQr"
  | "pairing"
  | "showCode"
  | "disconnect"
  | "connecting";

/**
 * The session buttons of a status. Signing in by pairing code ("pairing") is offered to
 * baileys connections only: a sandbox connection never links a phone.
 */
export function sessionActions(status: string, provider: Provider): SessionAction[] {
  const pairing: SessionAction[] = provider === "baileys" ? ["pairing"] : [];
  switch (status) {
    case "qrcode":
      return ["qrcode"];
    case "DISCONNECTED":
      return ["retry", "newQr", ...pairing];
    case "TIMEOUT":
      return ["disconnect", ...pairing];
    case "PAIRING":
      return ["showCode", "disconnect"];
    case "CONNECTED":
      return ["disconnect"];
    case "OPENING":
      return ["connecting"];
    default:
      return [];
  }
}

/** A line under the status: an i18n key and its values. */
export interface StatusNote {
  key: string;
  values?: Record<string, string>;
}

/**
 * What the status column says besides the status: why (a reason code from the server)
 * and when the session tries again on its own; a connected session, its memory.
 */
export function statusNotes(
  whatsapp: Pick<Whatsapp, "status" | "statusReason" | "nextRetryAt" | "footprint">,
): StatusNote[] {
  if (whatsapp.status === "CONNECTED") {
    // What the connection holds in memory (its caches), for whoever runs the server.
    const bytes = whatsapp.footprint?.bytes;
    if (bytes === undefined) return [];
    const size = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(bytes / 1_048_576);
    return [{ key: "connections.memory", values: { size } }];
  }
  const notes: StatusNote[] = [];
  if (whatsapp.statusReason) notes.push({ key: `connections.reason.${whatsapp.statusReason}` });
  const time = whatsapp.nextRetryAt ? formatTime(whatsapp.nextRetryAt) : "";
  if (time) notes.push({ key: "connections.nextRetry", values: { time } });
  return notes;
}

/** Phone numbers that may sign in by pairing code: 8..15 digits with country and area code. */
export const PAIRING_NUMBER_MIN = 8;
export const PAIRING_NUMBER_MAX = 15;

export type PairingField = "pairingNumber";

/** The digits of a typed number ("+55 (11) 99999-8888" -> "5511999998888"). */
export function pairingDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Digits with the usual punctuation (spaces, +, (), -, .) and 8..15 digits in all. */
export function validatePairing(value: string): Issues<PairingField> {
  const digits = pairingDigits(value);
  const bad = /[^\d\s()+.-]/.test(value) || digits.length < PAIRING_NUMBER_MIN ||
    digits.length > PAIRING_NUMBER_MAX;
  return collect<PairingField>({
    pairingNumber: required(value.trim()) ??
      (bad ? { key: "connections.pairing.invalidNumber" } : null),
  });
}

/**
 * Whether the code dialog shows a pairing code rather than a QR. The code lands in qrcode a
 * moment before the status says PAIRING, so after asking for a code anything but the QR
 * status (the server's fallback when WhatsApp refuses the number) means the code.
 */
export function showsPairingCode(status: string | undefined, expectPairing: boolean): boolean {
  return status === "PAIRING" || (expectPairing && status !== "qrcode");
}

/** A pairing code as shown to be typed: "ABCD1234" -> "ABCD-1234" (groups of 4). */
export function formatPairingCode(code: string): string {
  const clean = code.replace(/[\s-]/g, "").toUpperCase();
  return clean.match(/.{1,4}/g)?.join("-") ?? "";
}

function time(value: string | undefined): number {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * Merge a newer copy of a connection into the one held. Events never carry the token, so
 * the known one stays. A copy older than the one held (a create answer that arrives after
 * the session events it caused) changes nothing but the token.
 */
export function mergeWhatsapp(previous: Whatsapp | undefined, incoming: Whatsapp): Whatsapp {
  if (!previous) return incoming;
  const token = incoming.token || previous.token;
  if (time(incoming.updatedAt) < time(previous.updatedAt)) return { ...previous, token };
  return { ...previous, ...incoming, token };
}

/** Insert or replace by id, keeping the order (new ones at the end). */
export function upsertWhatsapp(list: readonly Whatsapp[], incoming: Whatsapp): Whatsapp[] {
  const index = list.findIndex((whatsapp) => whatsapp.id === incoming.id);
  if (index === -1) return [...list, incoming];
  const next = [...list];
  next[index] = mergeWhatsapp(list[index], incoming);
  return next;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null ? value as Record<string, unknown> : null;
}

function asWhatsapp(value: unknown): Whatsapp | null {
  const record = asRecord(value);
  return record && typeof record.id === "number" ? record as unknown as Whatsapp : null;
}

/**
 * Apply a company-{c}-whatsapp event ({action:"update", whatsapp} | {action:"delete",
 * whatsappId}) or a company-{c}-whatsappSession event ({action:"update", session}).
 * Anything else leaves the list as it is (the same array).
 */
export function applyWhatsappEvent(list: Whatsapp[], data: unknown): Whatsapp[] {
  const event = asRecord(data);
  if (!event) return list;
  if (event.action === "delete") {
    const id = typeof event.whatsappId === "number"
      ? event.whatsappId
      : asWhatsapp(event.whatsapp)?.id;
    if (id === undefined) return list;
    const next = list.filter((whatsapp) => whatsapp.id !== id);
    return next.length === list.length ? list : next;
  }
  if (event.action === "update") {
    const incoming = asWhatsapp(event.whatsapp) ?? asWhatsapp(event.session);
    return incoming ? upsertWhatsapp(list, incoming) : list;
  }
  return list;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** dd/MM/yy HH:mm in the browser's time zone ("" for a missing or bad date). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)} ${
    pad(date.getHours())
  }:${pad(date.getMinutes())}`;
}

/** The disconnect confirmation: scanning a QR code again only concerns a real WhatsApp. */
export function disconnectMessageKey(provider: Provider): string {
  return provider === "sandbox" ? "polish.disconnectSandbox" : "connections.disconnectMessage";
}
