import { useId } from "react";
import { Link } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Ticket } from "../../../api/tickets.ts";
import { Avatar } from "../Avatar.tsx";
import { MessageText } from "../conversation/MessageText.tsx";
import { textOn } from "../color.ts";
import { listTime } from "../time.ts";
import * as css from "./list.css.ts";
import * as page from "../../../components/page.css.ts";

interface Props {
  ticket: Ticket;
  selected: boolean;
}

/**
 * One row: a link named after the contact (so tests and screen readers find it by name),
 * described by its last message, unread count and tags.
 */
export function TicketListItem({ ticket, selected }: Props) {
  const { t } = useTranslation();
  const describedBy = useId();
  const name = ticket.contact?.name || ticket.contact?.number || t("tickets.unknownContact");
  const unread = ticket.unreadMessages ?? 0;
  return (
    <li className={css.item} data-testid="ticket-item" data-ticket-id={ticket.id}>
      <Link
        href={`/tickets/${ticket.uuid}`}
        className={css.row}
        aria-label={name}
        aria-describedby={describedBy}
        aria-current={selected ? "page" : undefined}
      >
        <span
          className={css.queueStrip}
          style={ticket.queue ? { background: ticket.queue.color } : undefined}
          aria-hidden="true"
        />
        <Avatar contact={ticket.contact} />
        <span className={css.main}>
          <span className={css.line}>
            <span className={css.name}>{name}</span>
            <time className={css.time} dateTime={ticket.updatedAt}>
              {listTime(ticket.updatedAt)}
            </time>
          </span>
          <span className={css.line} id={describedBy}>
            <span className={css.lastMessage}>
              <MessageText text={ticket.lastMessage ?? ""} />
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
          <span className={css.chips}>
            {ticket.whatsapp ? <span className={css.chip}>{ticket.whatsapp.name}</span> : null}
            {ticket.queue
              ? (
                <span
                  className={css.queueChip}
                  style={{ background: ticket.queue.color, color: textOn(ticket.queue.color) }}
                >
                  {ticket.queue.name}
                </span>
              )
              : null}
            {ticket.user && ticket.status !== "pending"
              ? <span className={css.chip}>{ticket.user.name}</span>
              : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
