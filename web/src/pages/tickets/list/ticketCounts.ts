/** When the Atendendo / Aguardando badges must ask the server again. */

function record(data: unknown): Record<string, unknown> {
  return typeof data === "object" && data !== null ? data as Record<string, unknown> : {};
}

/**
 * company-{c}-ticket: any update or delete may move a ticket in or out of a counted list;
 * reading a ticket (updateUnread) does not.
 */
export function ticketEventChangesCounts(data: unknown): boolean {
  const action = record(data).action;
  return action === "update" || action === "delete";
}

/**
 * company-{c}-appMessage: only a created message on a waiting ticket may be a new ticket
 * (the first message of a conversation); acks, edits and messages on held tickets are not.
 */
export function messageEventChangesCounts(data: unknown): boolean {
  const event = record(data);
  return event.action === "create" && record(event.ticket).status === "pending";
}
