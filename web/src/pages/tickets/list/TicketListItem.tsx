import { useId } from "react";
import { Button, Link } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Ticket } from "../../../api/tickets.ts";
import { IconButton } from "../../../components/IconButton.tsx";
import * as page from "../../../components/page.css.ts";
import { Avatar } from "../Avatar.tsx";
import { WhatsappText } from "../../../components/WhatsappText.tsx";
import { TicketChip } from "../TicketChip.tsx";
import { listTime } from "../time.ts";
import type { ListActions } from "./useListActions.ts";
import * as css from "./list.css.ts";

interface Props {
  ticket: Ticket;
  selected: boolean;
  actions: ListActions;
  /** Admins peek at waiting tickets; absent for everyone else. */
  onPeek?: (ticket: Ticket) => void;
}

/**
 * One row: a link named by all it shows (a shorter aria-label would hide visible words from
 * speech input, WCAG 2.5.3). A waiting ticket opens read-only (its Aceitar, here or in the
 * conversation, takes it).
 */
export function TicketListItem({ ticket, selected, actions, onPeek }: Props) {
  const { t } = useTranslation();
  const describedBy = useId();
  const name = ticket.contact?.name || ticket.contact?.number || t("tickets.unknownContact");
  const content = <RowContent ticket={ticket} name={name} describedBy={describedBy} />;

  return (
    <li
      className={css.item}
      data-testid="ticket-item"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
    >
      <span
        className={css.queueStrip}
        style={ticket.queue ? { background: ticket.queue.color } : undefined}
        aria-hidden="true"
      />
      <Link
        href={`/tickets/${ticket.uuid}`}
        className={css.row}
        aria-describedby={describedBy}
        aria-current={selected ? "page" : undefined}
      >
        {content}
      </Link>
      {/* Below the text, so the preview has the row's whole width. */}
      <div className={css.footer}>
        <RowChips ticket={ticket} />
        <div className={css.actions} role="group" aria-label={t("desk.list.actions", { name })}>
          <RowActions ticket={ticket} actions={actions} onPeek={onPeek} />
        </div>
      </div>
    </li>
  );
}

function RowContent(
  { ticket, name, describedBy }: { ticket: Ticket; name: string; describedBy: string },
) {
  const { t } = useTranslation();
  const unread = ticket.unreadMessages ?? 0;
  return (
    <>
      <Avatar contact={ticket.contact} />
      <span className={css.main}>
        <span className={css.line}>
          <span className={css.name}>{name}</span>
          <time className={css.time} dateTime={ticket.updatedAt}>{listTime(ticket.updatedAt)}</time>
        </span>
        <span className={css.line} id={describedBy}>
          <span className={css.lastMessage}>
            <WhatsappText text={ticket.lastMessage ?? ""} />
          </span>
          {unread > 0
            ? (
              <>
                <span className={css.unread} aria-hidden="true">{unread}</span>
                <span className={page.visuallyHidden}>
                  {t("tickets.unread", { count: unread })}
                </span>
              </>
            )
            : null}
        </span>
      </span>
    </>
  );
}

/** Connection, attendant, queue and tags. */
function RowChips({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  return (
    <span className={css.chips}>
      {ticket.whatsapp
        ? <TicketChip label={t("desk.list.connection")}>{ticket.whatsapp.name}</TicketChip>
        : null}
      {ticket.user
        ? <TicketChip label={t("desk.list.attendant")}>{ticket.user.name}</TicketChip>
        : null}
      {ticket.queue
        ? (
          <TicketChip label={t("desk.list.queue")} color={ticket.queue.color}>
            {ticket.queue.name}
          </TicketChip>
        )
        : null}
      {(ticket.tags ?? []).map((tag) => (
        <TicketChip key={tag.id} label={t("desk.list.tags")} color={tag.color}>
          {tag.name}
        </TicketChip>
      ))}
    </span>
  );
}

function RowActions({ ticket, actions, onPeek }: Omit<Props, "selected">) {
  const { t } = useTranslation();
  const busy = actions.busy?.id === ticket.id ? actions.busy.status : null;
  const disabled = actions.busy !== null;
  if (ticket.status === "closed") {
    return (
      <Button
        className={css.actionButton}
        onPress={() => actions.reopen(ticket)}
        isPending={busy === "open"}
        isDisabled={disabled}
      >
        {t("desk.list.reopen")}
      </Button>
    );
  }
  return (
    <>
      {ticket.status === "pending" && onPeek
        ? (
          <IconButton
            icon="eye"
            label={t("desk.list.peek")}
            size={18}
            onPress={() => onPeek(ticket)}
          />
        )
        : null}
      {ticket.status === "pending"
        ? (
          <Button
            className={css.acceptButton}
            onPress={() => actions.accept(ticket)}
            isPending={busy === "open"}
            isDisabled={disabled}
          >
            {t("desk.list.accept")}
          </Button>
        )
        : null}
      <Button
        className={css.actionButton}
        onPress={() => actions.close(ticket)}
        isPending={busy === "closed"}
        isDisabled={disabled}
      >
        {t("desk.list.resolve")}
      </Button>
    </>
  );
}
