import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import type { HistoryTicket } from "../../../api/messages.ts";
import type { TicketNote } from "../../../api/notes.ts";
import { currentUser, isAdmin } from "../../../app/session.ts";
import { Icon } from "../../../components/Icon.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import { formatLocalDate, formatTime } from "../../../lib/format.ts";
import * as css from "./thread.css.ts";
import { noteAuthor } from "./noteAuthor.ts";

const moment = (at: string) => `${formatLocalDate(at)} ${formatTime(at)}`;

/** Where an earlier ticket begins: opened – closed, attendant, queue. */
export function HistoryDivider({ ticket }: { ticket: HistoryTicket }) {
  const { t } = useTranslation();
  const closed = ticket.status === "closed" ? ticket.closedAt ?? ticket.updatedAt : null;
  return (
    <div className={css.historyDivider} role="separator" data-testid="history-divider">
      <span className={css.historyTitle}>
        {closed
          ? t("thread.history.divider", { from: moment(ticket.createdAt), to: moment(closed) })
          : t("thread.history.dividerOpen", { from: moment(ticket.createdAt) })}
      </span>
      <span className={css.historyMeta}>
        <span>
          {ticket.user
            ? t("thread.history.by", { name: ticket.user.name })
            : t("thread.history.noUser")}
        </span>
        {ticket.queue
          ? <span>{t("thread.history.queue", { name: ticket.queue.name })}</span>
          : null}
      </span>
    </div>
  );
}

interface NoteProps {
  note: TicketNote;
  onDelete: (note: TicketNote) => void;
}

/** An internal note among the messages: labelled, tinted, never a bubble to the customer. */
export function NoteRow({ note, onDelete }: NoteProps) {
  useSignals();
  const { t } = useTranslation();
  // The server's rule: the author or an admin.
  const mayDelete = note.userId === currentUser.value?.id || isAdmin.value;
  const author = noteAuthor(note);
  const bot = author.kind === "bot";
  const label = t(bot ? "thread.note.autoLabel" : "thread.note.label");
  return (
    <article
      className={css.note}
      aria-label={label}
      data-testid="note-row"
      data-author={author.kind}
    >
      <div className={css.noteBody}>
        <span className={css.noteLabel}>
          <Icon name={bot ? "robot" : "lock"} size={14} />
          {label}
        </span>
        <p className={css.noteText}>{author.text}</p>
        <span className={css.noteMeta}>
          {bot
            ? t("thread.note.autoBy", { time: moment(note.createdAt) })
            : t("thread.note.by", { name: author.name, time: moment(note.createdAt) })}
        </span>
      </div>
      {mayDelete
        ? (
          <IconButton
            icon="delete"
            size={18}
            label={t("thread.note.delete")}
            onPress={() => onDelete(note)}
          />
        )
        : null}
    </article>
  );
}
