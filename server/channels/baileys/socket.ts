// The part of a Baileys socket the provider uses, and the default way to make one.
// Tests give the provider a fake socket through the same factory: WhatsApp's servers
// cannot be reached from a test.
import makeWASocket, {
  type AnyMessageContent,
  type BaileysEventEmitter,
  type BinaryNode,
  Browsers,
  type Contact,
  type GroupMetadata,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  type MiscMessageGenerationOptions,
  type NewChatMessageCapInfo,
  type ReachoutTimelockState,
  type UserFacingSocketConfig,
  type WAPresence,
  type WAMessage,
  type WAMessageKey,
} from "@whiskeysockets/baileys";

export interface SocketLike {
  /** The provider subscribes with on() and unsubscribes with off() when it drops the socket. */
  ev: Pick<BaileysEventEmitter, "on" | "off">;
  user?: Contact;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): void | Promise<void>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  profilePictureUrl(
    jid: string,
    type?: "preview" | "image",
    timeoutMs?: number,
  ): Promise<string | undefined>;
  requestPairingCode(phoneNumber: string, customPairingCode?: string): Promise<string>;
  /** Baileys' own lid <-> phone number store (filled by sends, history sync and USync). */
  signalRepository: { lidMapping: { getPNForLID(lid: string): Promise<string | null> } };
  groupMetadata(jid: string): Promise<GroupMetadata>;
  /** Asks the sender's phone to upload expired media again (used by media download). */
  updateMediaMessage?(msg: WAMessage): Promise<WAMessage>;
  sendPresenceUpdate(type: WAPresence, toJid?: string): Promise<void>;
  /** rc14: the account's reach-out time-lock (also emitted as connection.update reachoutTimeLock). */
  fetchAccountReachoutTimelock(): Promise<ReachoutTimelockState>;
  /** rc14: the new-chat quota of the current cycle and its use. */
  fetchNewChatMessageCap(): Promise<NewChatMessageCapInfo>;
  /** The received frames by "CB:<tag>,<attr>:<value>": what ev does not carry (./linking.ts). */
  ws?: {
    on(event: string, fn: (node: BinaryNode) => void): unknown;
    off(event: string, fn: (node: BinaryNode) => void): unknown;
  };
}

export type SocketConfig = UserFacingSocketConfig;
export type SocketFactory = (config: SocketConfig) => SocketLike;

/** The settings every connection of ours uses; the rest comes per session. */
export function socketConfig(
  parts: Pick<
    SocketConfig,
    | "auth"
    | "logger"
    | "getMessage"
    | "msgRetryCounterCache"
    | "cachedGroupMetadata"
    | "version"
    | "shouldIgnoreJid"
  >,
): SocketConfig {
  // makeWASocket spreads our config over its defaults: a key present but undefined
  // would wipe the default (e.g. no version -> the bundled one).
  const given = Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined));
  return {
    ...given as typeof parts,
    // A canonical browser: pairing by code sends "Chrome (Mac OS)" and platform id 1
    // (CHROME); WhatsApp refuses made-up display names for pairing with a 400.
    browser: Browsers.macOS("Chrome"),
    printQRInTerminal: false,
    // Baileys' default history filter (everything but FULL) stays on: the first sync
    // carries the lid <-> number mappings and starts the app-state sync (saved contact
    // names). Only the full archive of old chats is refused.
    syncFullHistory: false,
    // Staying "offline" keeps the phone's notifications ringing for the people using it.
    markOnlineOnConnect: false,
  };
}

/**
 * Addresses whose traffic the product never takes: status broadcasts and broadcast lists,
 * newsletters (channels), and groups while the company drops them. Baileys acks these and
 * drops them before decrypting (messages-recv.js processNode), instead of decrypting what
 * the inbox throws away.
 */
export function ignoredJid(jid: string, dropsGroups: () => boolean): boolean {
  return !!(isJidBroadcast(jid) || isJidNewsletter(jid) || (isJidGroup(jid) && dropsGroups()));
}

export const defaultSocketFactory: SocketFactory = (config) => makeWASocket(config);
