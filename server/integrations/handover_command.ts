// The original product's handover commands, which Typebot flows and n8n workflows written for it
// send as text: `#` and a JSON object: {"queueId":N} (move the ticket to queue N), with
// "userId":M (and give it to user M), {"stopBot":true} (people take over where it is), with
// "userId":M. Read out of an answer so that the customer never sees them; the engine decides
// what they move. A #{...} of another shape stays text.
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

const COMMAND = /#(\{[^{}]*\})/;

/** The answer without its command, and the command (null: none). */
export function readCommand(answer: string): { text: string; command: HandoverCommand | null } {
  // Editors and phones turn straight quotes into curly ones; the author meant JSON.
  const found = COMMAND.exec(answer.replace(/[\u201c\u201d]/g, '"'));
  if (!found) return { text: answer, command: null };
  let json: unknown;
  try {
    json = JSON.parse(found[1]);
  } catch {
    return { text: answer, command: null };
  }
  const parsed = command.safeParse(json);
  if (!parsed.success) return { text: answer, command: null };
  const c = parsed.data;
  const text = (answer.slice(0, found.index) + answer.slice(found.index + found[0].length)).trim();
  return {
    text,
    command: { queueId: "queueId" in c ? c.queueId : null, userId: c.userId ?? null },
  };
}
