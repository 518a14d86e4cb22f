// A connection's session as the server reports it and the web shows it (GET /whatsapp,
// the whatsappSession event): its status, why it is in it, and its memory. Imported by
// relative path from both sides, so this file imports nothing.

export type SessionStatus = "qrcode" | "OPENING" | "PAIRING" | "CONNECTED" | "DISCONNECTED" | "TIMEOUT";

/** Why a session is in its status, as a code the screens translate (connections.reason). */
export type StatusReason =
  | "loggedOut"
  | "replaced"
  | "forbidden"
  | "versionRejected"
  /** 402: WhatsApp banned the number for a while. */
  | "temporaryBan"
  /** 411: the phone's WhatsApp cannot keep this linked device (update it, link again). */
  | "multideviceMismatch"
  /** The phone read the QR code but WhatsApp never finished the link. */
  | "scanNotCompleted"
  /** WhatsApp refused the pairing code it was asked for. */
  | "pairingRefused";

/**
 * A connection's own memory: its caches, by name, with the data they hold (estimated
 * from the values; the socket's fixed cost, about 0.6 MB, is not in it: bench/connections.ts).
 */
export interface SessionFootprint {
  caches: Record<string, { entries: number; bytes: number }>;
  bytes: number;
}
