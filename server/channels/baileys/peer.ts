// Who a Baileys address is. WhatsApp addresses a person either by phone number
// ("5511...@s.whatsapp.net") or by linked id ("123...@lid"); Baileys rc14 carries the
// other form, when it knows it, in key.remoteJidAlt (one-to-one) or key.participantAlt
// (groups). Older stored keys may carry senderPn / participantPn instead.
import {
  isHostedLidUser,
  isHostedPnUser,
  isJidGroup,
  isLidUser,
  isPnUser,
  jidNormalizedUser,
  type WAMessageKey,
} from "@whiskeysockets/baileys";
import { jidNumber, type Peer } from "../channel.ts";

export const isLid = (jid: string | null | undefined): jid is string =>
  !!jid && !!(isLidUser(jid) || isHostedLidUser(jid));
export const isPn = (jid: string | null | undefined): jid is string =>
  !!jid && !!(isPnUser(jid) || isHostedPnUser(jid));

/** A person from their address and, when known, the address in the other form. */
export function peerFrom(jid: string, alt?: string | null, pushName?: string | null): Peer {
  // Drop the device part ("5511...:12@s.whatsapp.net"): the person, not the phone.
  const normal = jidNormalizedUser(jid) || jid;
  const peer: Peer = { jid: normal };
  if (isLid(normal)) {
    peer.lid = normal;
    if (isPn(alt)) peer.number = jidNumber(alt);
  } else if (isPn(normal)) {
    peer.number = jidNumber(normal);
    if (isLid(alt)) peer.lid = jidNormalizedUser(alt);
  }
  if (pushName) peer.pushName = pushName;
  return peer;
}

type LegacyKey = WAMessageKey & { senderPn?: string; participantPn?: string };

/**
 * The counterpart of a message: the chat for one-to-one, the participant who wrote for
 * groups. pushName is only theirs when they sent it (on our own messages it is ours).
 */
export function peerOfKey(key: WAMessageKey, pushName?: string | null): Peer {
  const k = key as LegacyKey;
  const remote = k.remoteJid ?? "";
  const name = k.fromMe ? undefined : pushName;
  if (isJidGroup(remote)) {
    return peerFrom(k.participant || remote, k.participantAlt ?? k.participantPn, name);
  }
  return peerFrom(remote, k.remoteJidAlt ?? k.senderPn, name);
}
