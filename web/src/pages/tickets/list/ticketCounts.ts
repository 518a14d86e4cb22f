/** When the Atendendo / Aguardando badges (tickets, and unread conversations) must ask the server again. */

function record(data: unknown): Record<string, unknown> {
  return typeof data === "object" && data !== null ? data as Record<string, unknown> : {};
}

/**
 * company-{c}-ticket: any update or delete may move a ticket in or out of a counted list;
 * reading a ticket (updateUnread) leaves one unread conversation less.
 */
export function ticketEventChangesCounts(data: unknown): boolean {
  const action = record(data).action;
  return action === "update" || action === "delete" || action === "updateUnread";
}

/**
 * company-{c}-appMessage: a created message on a waiting ticket may be a new ticket (the
 * first message of a conversation), and a customer's message makes its conversation
 * unread; acks, edits and our own messages change neither.
 */
export function messageEventChangesCounts(data: unknown): boolean {
  const event = record(data);
  if (event.action !== "create") return false;
  return record(event.ticket).status === "pending" || record(event.message).fromMe === false;
}
