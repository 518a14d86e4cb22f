import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { ContactNote } from "../../../api/notes.ts";
import { Button } from "../../../components/Button.tsx";
import { toast } from "../../../components/toast.ts";
import { formatLocalDate, formatTime } from "../../../lib/format.ts";
import * as css from "./contact.css.ts";
import { noteAuthor } from "../conversation/noteAuthor.ts";

/**
 * The contact's notes on its other tickets (this ticket's own are in the timeline), newest
 * first, a page at a time, each with its ticket and date.
 */
export function ContactNotes({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [notes, setNotes] = useState<ContactNote[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (before?: number) => {
    setBusy(true);
    try {
      const page = await api.notes.ofContact(ticketId, before);
      setNotes((held) => [...(before ? held ?? [] : []), ...page.notes]);
      setHasMore(page.hasMore);
    } catch (error) {
      toast.apiError(error);
      setNotes((held) => held ?? []);
    } finally {
      setBusy(false);
    }
  }, [ticketId]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className={css.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={css.sectionTitle}>{t("thread.contactNotes.title")}</h3>
      {notes === null ? <p className={css.muted}>{t("app.loading")}</p> : null}
      {notes?.length === 0 ? <p className={css.muted}>{t("thread.contactNotes.empty")}</p> : null}
      {notes?.length
        ? (
          <ul className={css.notes} aria-labelledby={titleId} data-testid="contact-notes">
            {notes.map((note) => (
              <li key={note.id} className={css.note}>
                <div className={css.noteBody}>
                  <span className={css.noteMeta}>
                    {note.ticket
                      ? t("thread.contactNotes.ticket", {
                        id: note.ticket.id,
                        date: formatLocalDate(note.ticket.createdAt),
                      })
                      : t("thread.contactNotes.noTicket")}
                  </span>
                  <NoteLines note={note} />
                </div>
              </li>
            ))}
          </ul>
        )
        : null}
      {hasMore
        ? (
          <div className={css.row}>
            <Button
              variant="secondary"
              isPending={busy}
              onPress={() => void load(notes?.at(-1)?.id)}
            >
              {t("thread.contactNotes.more")}
            </Button>
          </div>
        )
        : null}
    </section>
  );
}

/** A note's text and its author line (the automation's notes say so, without the robot mark). */
function NoteLines({ note }: { note: ContactNote }) {
  const { t } = useTranslation();
  const author = noteAuthor(note);
  const time = `${formatLocalDate(note.createdAt)} ${formatTime(note.createdAt)}`;
  return (
    <>
      <p className={css.noteText}>{author.text}</p>
      <span className={css.noteMeta} data-author={author.kind}>
        {author.kind === "bot"
          ? t("thread.note.autoBy", { time })
          : t("thread.note.by", { name: author.name, time })}
      </span>
    </>
  );
}
