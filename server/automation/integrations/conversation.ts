// What an integration's turn works with (program.ts makes it): the customer's messages not
// yet handed to the integration, the ways to answer, the session memory kept in the ticket's
// automation state, and what the turn ends in. Each type (typebot.ts, webhook.ts,
// dialogflow.ts) only speaks its protocol through it.
import type { Tenant } from "../../tenancy/registry.ts";
import type { TicketDto } from "../../modules/tickets/dto.ts";
import type { Upload } from "../../media/store.ts";
import type { AddressPolicy } from "../../integrations/addresses.ts";
import type { HandoverCommand } from "../../integrations/handover_command.ts";
import type { Integration } from "./which.ts";

export interface Pending {
  id: number;
  wid: string;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  createdAt: string;
}

export type Outcome =
  /** Answered (or nothing to say): the integration keeps the conversation. */
  | { kind: "answered" }
  /** People take the conversation (a command, the integration's own end, a keyword). */
  | { kind: "handover"; reason: HandoverReason; command?: HandoverCommand | null }
  /** The conversation ends here (the finish keyword). */
  | { kind: "close"; reason: "finishWord" };
// A turn whose integration cannot be reached or answers wrongly throws (the clients' errors):
// people take the conversation and the integration's page shows why.

export type HandoverReason = "command" | "stopBot" | "ended";

export interface Conversation {
  t: Tenant;
  ticket: TicketDto;
  integration: Integration;
  /** The customer's messages since the last one handed over, oldest first. */
  pending: Pending[];
  /** The integration was just put on the conversation by the queue menu: it may speak first. */
  speakFirst: boolean;
  now: () => Date;
  addresses: AddressPolicy;
  /** What the type keeps between turns (Typebot's session), as saved in the state. */
  memory: Record<string, string>;
  /** Keeps `patch` in the state now (a restart resumes from it). */
  remember(patch: Record<string, string | undefined>): Promise<void>;
  /** The message `id` was handed over: a restart does not hand it again. */
  handed(id: number): Promise<void>;
  say(body: string): Promise<void>;
  sendFile(file: Upload, caption?: string): Promise<void>;
  /** Waits (Typebot's pauses); tests record them instead. */
  pause(ms: number): Promise<void>;
}
