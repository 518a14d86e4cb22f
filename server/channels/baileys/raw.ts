// Baileys messages as the JSON we store (messages.data_json) and back. BufferJSON keeps
// media keys and other bytes intact, so a stored message can be quoted or re-sent later.
import { BufferJSON, proto, type WAMessage } from "@whiskeysockets/baileys";

export const toRaw = (msg: WAMessage): string => JSON.stringify(msg, BufferJSON.replacer);

/** The stored message, or undefined when the text is not one of ours. */
export function fromRaw(raw: string | null | undefined): WAMessage | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw, BufferJSON.reviver);
    if (!value || typeof value !== "object" || !("key" in value)) return undefined;
    return value as WAMessage;
  } catch {
    return undefined;
  }
}

/** Only the content, as a protobuf message: what Baileys' getMessage must return. */
export function contentFromRaw(raw: string | null | undefined): proto.IMessage | undefined {
  const message = fromRaw(raw)?.message;
  return message ? proto.Message.fromObject(message as Record<string, unknown>) : undefined;
}
