// The original product's handover commands, which Typebot flows and n8n workflows written for it
// send as text: #{"queueId":N} moves the ticket to queue N, #{"stopBot":true} hands it to people,
// either with "userId" to give it to someone. Read out of an answer so that the customer never
// sees them; the engine decides what they move.
import { z } from "zod";

const command = z.object({
  queueId: z.number().int().positive().optional(),
  userId: z.number().int().positive().optional(),
  stopBot: z.boolean().optional(),
}).strict().refine((c) => c.queueId !== undefined || c.stopBot === true, "names a queue or stops the bot");

export type HandoverCommand = z.infer<typeof command>;

const COMMAND = /#(\{[^{}]*\})/;

/** The answer without its command, and the command (null: none, or a #{...} that is not one, left as text). */
export function readCommand(text: string): { text: string; command: HandoverCommand | null } {
  const found = COMMAND.exec(text);
  if (!found) return { text, command: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(found[1]);
  } catch {
    return { text, command: null };
  }
  const ok = command.safeParse(parsed);
  if (!ok.success) return { text, command: null };
  const rest = (text.slice(0, found.index) + text.slice(found.index + found[0].length)).trim();
  return { text: rest, command: ok.data };
}
