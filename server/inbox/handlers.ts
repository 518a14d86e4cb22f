// The inbound pipeline's extension point: an ordered list of handlers, registered where
// the program is wired (server/server.ts), so the pipeline never imports what plugs into
// it. Order: rating capture, a campaign's answer, then the conversation engine, later flows
// and integrations.
//
// Three phases:
// - gate: before anything is written (no contact yet): short reads only. It may drop the
//   message (not stored, no contact created).
// - decide: inside the company's one-at-a-time lane, before the ticket is chosen. Short
//   reads and writes only (no sends). It may claim the message: the ticket is then the
//   one it names and the message does not move it (a rating answer stays in the closed
//   ticket it rates), or drop it (not stored at all), or hold it: the ticket it creates or
//   brings back starts held by a bot (Ticket.chatbot), off the desk's waiting lists, or
//   route it: that ticket waits for people in a queue, and no later handler decides.
// - after: once the message is stored and published, in the ticket's own lane (two
//   messages of one ticket are handled one after the other, other tickets go on). Sends
//   happen here. A handler answering "stop" ends the list for this message.
import type { Tenant } from "../tenancy/registry.ts";
import type { InboundMessage } from "../channels/channel.ts";
import type { Contact } from "../modules/contacts/identity.ts";
import type { TicketDto, TicketRow } from "../modules/tickets/dto.ts";
import type { MessageDto } from "../modules/messages/dto.ts";

export interface Gate {
  tenant: Tenant;
  whatsappId: number;
  msg: InboundMessage;
}

export interface Arrival {
  tenant: Tenant;
  whatsappId: number;
  msg: InboundMessage;
  /** The conversation's contact (the group for group messages). */
  chat: Contact;
  /** The contact's latest ticket on this connection, whatever its status. */
  latest: TicketRow | undefined;
  /** The company's timeCreateNewTicket: how long a closed ticket may come back. */
  reopenWindowSec: number;
}

export type Decision =
  /** note: what the handler's after phase needs to know (the rating's outcome). */
  | { kind: "claim"; ticket: TicketRow; note?: string }
  | { kind: "drop"; reason: string }
  /** A bot takes the conversation: the decide phase goes on to the next handlers. */
  | { kind: "hold" }
  /**
   * People take it, in this queue: the ticket found or created waits there (pending, no
   * bot), and the decide phase ends (a campaign's answer).
   */
  | { kind: "route"; queueId: number };

export interface Stored {
  tenant: Tenant;
  whatsappId: number;
  ticket: TicketDto;
  message: MessageDto;
  /** The ticket was created, or came back from closed, for this message. */
  fresh: boolean;
  /** What a decide phase answered for this message, by handler name. */
  decisions: Record<string, Decision>;
}

export interface InboundHandler {
  name: string;
  gate?(g: Gate): Promise<Decision | undefined> | Decision | undefined;
  decide?(a: Arrival): Promise<Decision | undefined> | Decision | undefined;
  after?(s: Stored): Promise<"stop" | void> | "stop" | void;
}
