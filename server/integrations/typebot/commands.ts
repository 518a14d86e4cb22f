// The original's handover commands, written by a bot's author as a text bubble whose whole text
// is `#` and a JSON object: {"queueId":N} (move the ticket to queue N), {"queueId":N,"userId":M}
// (and give it to user M), {"stopBot":true} (people take over in place), {"stopBot":true,
// "userId":M}. Such a bubble is never sent to the customer. Anything else (other keys, a
// different shape, text around it) is an ordinary bubble.
import { z } from "zod";

/** The bot hands the ticket over; queueId/userId null keep the ticket's. */
export interface HandoverCommand {
  queueId: number | null;
  userId: number | null;
}

const id = z.number().int().positive();
const command = z.union([
  z.strictObject({ queueId: id, userId: id.optional(), stopBot: z.boolean().optional() }),
  z.strictObject({ stopBot: z.literal(true), userId: id.optional() }),
]);

/** The command a bubble's plain text is, or null. */
export function parseHandover(text: string): HandoverCommand | null {
  // Editors and phones turn straight quotes into curly ones; the author meant JSON.
  const t = text.trim().replace(/[\u201c\u201d]/g, '"');
  if (!t.startsWith("#{") || !t.endsWith("}")) return null;
  let json: unknown;
  try {
    json = JSON.parse(t.slice(1));
  } catch {
    return null;
  }
  const parsed = command.safeParse(json);
  if (!parsed.success) return null;
  const c = parsed.data;
  return { queueId: "queueId" in c ? c.queueId : null, userId: c.userId ?? null };
}
