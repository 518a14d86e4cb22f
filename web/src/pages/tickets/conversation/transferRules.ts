/** The transfer dialog's rules (spec 5, "Transfer"). */
import type { TicketUpdate } from "../../../api/tickets.ts";

/** The user search starts at this many characters. */
export const USER_SEARCH_MIN = 3;

/** Users whose name contains the typed text; nothing until 3 characters are typed. */
export function matchUsers<U extends { name: string }>(users: readonly U[], typed: string): U[] {
  const query = typed.trim().toLowerCase();
  if (query.length < USER_SEARCH_MIN) return [];
  return users.filter((user) => user.name.toLowerCase().includes(query));
}

export interface TransferChoice {
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
}

/**
 * A queue is needed to send the ticket to a department's waiting line; handing it to a
 * colleague needs none (the ticket keeps its queue), or an agent could not transfer at all
 * in a company whose queues the colleague does not serve.
 */
export function canTransfer(choice: TransferChoice): boolean {
  return choice.queueId !== null || choice.userId !== null;
}

/**
 * The queues offered: a chosen colleague's own queues (the ticket should land where he
 * works), or every queue when he serves none or nobody is chosen.
 */
export function queuesFor<Q extends { id: number }>(
  all: readonly Q[],
  user: { queues: readonly { id: number }[] } | null,
): Q[] {
  if (!user?.queues.length) return [...all];
  const ids = new Set(user.queues.map((queue) => queue.id));
  return all.filter((queue) => ids.has(queue.id));
}

/** The queue to preselect once a colleague is chosen: his only queue, else keep the choice if he serves it. */
export function queueAfterChoosing(
  current: number | null,
  offered: readonly { id: number }[],
): number | null {
  if (offered.length === 1) return offered[0].id;
  return offered.some((queue) => queue.id === current) ? current : null;
}

/**
 * To an attendant the ticket is open (in the chosen queue, or still its own); to a queue
 * alone it waits there as pending.
 */
export function transferUpdate(choice: TransferChoice): TicketUpdate {
  return {
    userId: choice.userId,
    ...(choice.queueId === null ? {} : { queueId: choice.queueId }),
    whatsappId: choice.whatsappId,
    status: choice.userId ? "open" : "pending",
  };
}
