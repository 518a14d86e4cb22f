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

/** Submit only once a queue is chosen. */
export function canTransfer(choice: TransferChoice): boolean {
  return choice.queueId !== null;
}

/** To an attendant the ticket is open; to a queue alone it waits as pending. */
export function transferUpdate(choice: TransferChoice & { queueId: number }): TicketUpdate {
  return {
    userId: choice.userId,
    queueId: choice.queueId,
    whatsappId: choice.whatsappId,
    status: choice.userId ? "open" : "pending",
  };
}
