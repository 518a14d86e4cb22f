import { useState } from "react";
import type { Ticket } from "../../../api/tickets.ts";
import { currentUser } from "../../../app/session.ts";
import { agree, colleagueOf, hasAgreed } from "./colleague.ts";

/**
 * Replying in a colleague's ticket: whose it is, and a confirmation before the first send
 * in it (once per ticket while the page lives; the question is `asking`).
 */
export function useColleagueWarning(ticket: Pick<Ticket, "id" | "userId" | "user">) {
  const userId = currentUser.value?.id ?? null;
  const owner = colleagueOf(ticket, userId);
  const [answer, setAnswer] = useState<((ok: boolean) => void) | null>(null);

  /** Resolves true when the send may go: own ticket, already agreed, or agreed now. */
  const mayReply = (): Promise<boolean> => {
    if (!owner || userId === null || hasAgreed(userId, ticket.id)) return Promise.resolve(true);
    return new Promise((resolve) => setAnswer(() => resolve));
  };

  const reply = (ok: boolean) => {
    if (ok && userId !== null) agree(userId, ticket.id);
    answer?.(ok);
    setAnswer(null);
  };

  return {
    owner,
    mayReply,
    asking: answer !== null,
    confirm: () => reply(true),
    cancel: () => reply(false),
  };
}
