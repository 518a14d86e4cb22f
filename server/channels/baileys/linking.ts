// What WhatsApp says about a link in progress that Baileys 7.0.0-rc14 does not surface.
// - <notification type='companion_reg_refresh'>: the phone read the QR code. rc14 acks and
//   drops it, and the pair-success that should follow never comes where WhatsApp sends
//   it (Baileys #2737); the phone says "Couldn't link device".
// - an <iq type='error'> while a pairing code is waiting: requestPairingCode() resolves
//   before WhatsApp answers, so its refusal (400 bad-request) arrives after the code is
//   shown, and Baileys ignores it (#2737, #1016).
// Both are read from the socket's frame emitter ("CB:<tag>,<attr>:<value>", socket.js).
import { type BinaryNode, getBinaryNodeChild } from "@whiskeysockets/baileys";
import type { SocketLike } from "./socket.ts";

export const SCANNED = "CB:notification,type:companion_reg_refresh";
export const IQ_ERROR = "CB:iq,type:error";

export interface LinkingWatch {
  /** The phone read the QR code. */
  scanned(): void;
  /** WhatsApp answered an IQ with an error (its code and text, e.g. "400 bad-request"). */
  iqError(detail: string): void;
}

/** Listens on the socket's frames; returns the unsubscribe. Sockets without frames (tests' fakes may lack them) are not watched. */
export function watchLinking(sock: SocketLike, watch: LinkingWatch): () => void {
  const ws = sock.ws;
  if (!ws) return () => {};
  const scanned = () => watch.scanned();
  const iqError = (node: BinaryNode) => {
    const error = getBinaryNodeChild(node, "error")?.attrs;
    watch.iqError([error?.code, error?.text].filter(Boolean).join(" ") || "error");
  };
  ws.on(SCANNED, scanned);
  ws.on(IQ_ERROR, iqError);
  return () => {
    ws.off(SCANNED, scanned);
    ws.off(IQ_ERROR, iqError);
  };
}
