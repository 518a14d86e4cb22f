// The part of a Baileys socket the provider uses, and the default way to make one.
// Tests give the provider a fake socket through the same factory: WhatsApp's servers
// cannot be reached from a test.
import makeWASocket, {
  type AnyMessageContent,
  type BaileysEventEmitter,
  Browsers,
  type Contact,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
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
  /** Asks the sender's phone to upload expired media again (used by media download). */
  updateMediaMessage?(msg: WAMessage): Promise<WAMessage>;
}

export type SocketConfig = UserFacingSocketConfig;
export type SocketFactory = (config: SocketConfig) => SocketLike;

/** The settings every connection of ours uses; auth, logger and getMessage come per session. */
export function socketConfig(
  parts: Pick<SocketConfig, "auth" | "logger" | "getMessage">,
): SocketConfig {
  return {
    ...parts,
    browser: Browsers.ubuntu("Inbox"),
    printQRInTerminal: false,
    // History sync downloads and decrypts months of chats: unbounded memory and CPU for a
    // product that only needs messages from now on.
    syncFullHistory: false,
    shouldSyncHistoryMessage: () => false,
    // Staying "offline" keeps the phone's notifications ringing for the people using it.
    markOnlineOnConnect: false,
  };
}

export const defaultSocketFactory: SocketFactory = (config) => makeWASocket(config);
