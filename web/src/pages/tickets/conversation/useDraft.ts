import { type Dispatch, type SetStateAction, useEffect, useLayoutEffect, useState } from "react";
import type { Message } from "../../../api/messages.ts";
import { currentUser } from "../../../app/session.ts";
import { readDraft, saveDraft } from "./drafts.ts";

/**
 * The composer's text, started from the ticket's saved draft and kept in it as it
 * changes, with the reply-to; the saved reply-to is handed back once on mount.
 * The composer mounts per ticket, so switching tickets saves one and restores the other.
 */
export function useDraftText(
  ticketId: number,
  replyTo: Message | null,
  restoreReply: (message: Message) => void,
): [string, Dispatch<SetStateAction<string>>] {
  const userId = currentUser.value?.id ?? null;
  const [saved] = useState(() =>
    userId === null ? null : readDraft(localStorage, userId, ticketId)
  );
  const [text, setText] = useState(saved?.text ?? "");

  useLayoutEffect(() => {
    // Only the draft read at mount is restored; later replies are the user's own.
    if (saved?.replyTo) restoreReply(saved.replyTo);
  }, [saved, restoreReply]);

  useEffect(() => {
    if (userId !== null) saveDraft(localStorage, userId, ticketId, { text, replyTo });
  }, [userId, ticketId, text, replyTo]);

  return [text, setText];
}
