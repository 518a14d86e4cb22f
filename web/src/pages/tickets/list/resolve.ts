/**
 * Resolving a ticket from the desk (its list rows, the search results and the conversation
 * header): a ticket someone else holds asks first; a close that sent nothing to the
 * customer offers Desfazer for a few seconds, which puts the ticket back as it was
 * (the server's rule: docs/api.md, "Undoing a close").
 */
import { signal } from "@preact/signals-react";
import { api } from "../../../api/index.ts";
import type { Ticket, TicketUpdate, UpdatedTicket } from "../../../api/tickets.ts";
import { toast } from "../../../components/toast.ts";
import { i18n } from "../../../i18n/index.ts";

/** How long Desfazer is offered; the server keeps the undo open a little longer. */
export const UNDO_TOAST_MS = 5000;

/** The name of the colleague who holds the ticket, when it is not the viewer; null otherwise. */
export function otherOwner(
  ticket: Pick<Ticket, "userId" | "user">,
  viewerId: number,
): string | null {
  if (ticket.userId === null || ticket.userId === viewerId) return null;
  return ticket.user?.name ?? "";
}

/** What puts a closed ticket back as it was before the close. */
export function restorePatch(before: Pick<Ticket, "status" | "userId" | "queueId">): TicketUpdate {
  return {
    status: before.status,
    userId: before.status === "pending" ? null : before.userId,
    queueId: before.queueId,
  };
}

/** How long the undo toast shows: at most UNDO_TOAST_MS, never past the server's window (0: no undo). */
export function undoToastMs(undoUntil: string | undefined, now: number): number {
  if (!undoUntil) return 0;
  const left = Date.parse(undoUntil) - now;
  return Number.isFinite(left) && left > 1000 ? Math.min(UNDO_TOAST_MS, left - 500) : 0;
}

interface Ask {
  name: string;
  answer: (go: boolean) => void;
}

/** The question on screen (ResolveConfirm renders it). */
export const resolveQuestion = signal<Ask | null>(null);

/** Resolves true when the viewer may go on: his own or nobody's ticket, or he confirmed. */
export function confirmResolve(ticket: Ticket, viewerId: number): Promise<boolean> {
  const name = otherOwner(ticket, viewerId);
  if (name === null) return Promise.resolve(true);
  resolveQuestion.value?.answer(false);
  return new Promise((resolve) => {
    resolveQuestion.value = {
      name,
      answer: (go) => {
        resolveQuestion.value = null;
        resolve(go);
      },
    };
  });
}

/**
 * After the close answered: "Ticket resolvido", with Desfazer while the server allows it.
 * onRestored gets the ticket back as it was.
 */
export function announceResolved(
  before: Ticket,
  closed: UpdatedTicket,
  onRestored: (ticket: Ticket) => void,
): void {
  const message = i18n.t("alerts.resolved");
  const timeout = undoToastMs(closed.undoUntil, Date.now());
  if (!timeout) {
    toast.success(message);
    return;
  }
  toast.withAction("success", message, {
    label: i18n.t("alerts.undo"),
    onAction: () => {
      api.tickets.update(before.id, restorePatch(before))
        .then((restored) => {
          onRestored(restored);
          toast.info(i18n.t("alerts.undone"));
        })
        .catch((error) => toast.apiError(error));
    },
  }, timeout);
}
