import { useState } from "react";
import { Button as AriaButton } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Ticket } from "../../../api/tickets.ts";
import { Button } from "../../../components/Button.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import { CARDS, visuallyHidden } from "../../../components/page.css.ts";
import { useMediaQuery } from "../../../lib/useMediaQuery.ts";
import { Avatar } from "../Avatar.tsx";
import { textOn } from "../color.ts";
import { TagPicker } from "./TagPicker.tsx";
import { type TicketOption, TicketOptions } from "./TicketOptions.tsx";
import type { TicketActions } from "./useTicketActions.ts";
import * as css from "./conversation.css.ts";

interface Props {
  ticket: Ticket;
  actions: TicketActions;
  onChanged: (ticket: Ticket) => void;
  /** The contact's picture and name open the contact drawer. */
  onOpenContact: () => void;
  onOption: (option: TicketOption) => void;
  /** Narrow screens: back to the list. */
  onBack?: () => void;
}

/**
 * Contact (opens the drawer), number, connection, attendant and queue; the moves the
 * status allows, the options menu, and the ticket's tags below. On a phone it keeps one line
 * (back, avatar, name, moves, options) so the conversation keeps the screen; the options menu
 * unfolds the details and tags. The contact button is named by a hidden text, not aria-label:
 * WCAG 2.5.3 wants a label to contain all the visible text, and the number is not in it.
 */
export function TicketHeader(
  { ticket, actions, onChanged, onOpenContact, onOption, onBack }: Props,
) {
  const { t } = useTranslation();
  const contact = ticket.contact;
  const name = contact?.name || contact?.number || t("tickets.unknownContact");
  const compact = useMediaQuery(CARDS);
  const [unfolded, setUnfolded] = useState(false);
  return (
    <header
      className={css.headerBlock}
      data-testid="ticket-header"
      data-folded={compact && !unfolded ? true : undefined}
    >
      <div className={css.header}>
        {onBack
          ? <IconButton icon="chevronLeft" label={t("tickets.back")} onPress={onBack} />
          : null}
        <AriaButton className={css.contactButton} onPress={onOpenContact}>
          <Avatar contact={contact} size={compact ? 32 : 40} />
          <span className={css.headerInfo} aria-hidden="true">
            <span className={css.contactName}>{name}</span>
            {contact?.number && !contact.isGroup && !compact
              ? <span className={css.headerMeta}>+{contact.number}</span>
              : null}
          </span>
          <span className={visuallyHidden}>{t("chat.header.openContact", { name })}</span>
        </AriaButton>
        <div className={css.headerActions}>
          <StatusActions ticket={ticket} actions={actions} />
          <TicketOptions
            onAction={onOption}
            details={compact
              ? { shown: unfolded, onToggle: () => setUnfolded((shown) => !shown) }
              : undefined}
          />
        </div>
      </div>
      <div className={css.headerMeta}>
        <span data-testid="ticket-status">{t(`tickets.status.${ticket.status}`)}</span>
        {ticket.user ? <span>{t("tickets.assignedTo", { name: ticket.user.name })}</span> : null}
        {ticket.queue
          ? (
            <span
              className={css.queueChip}
              style={{ background: ticket.queue.color, color: textOn(ticket.queue.color) }}
            >
              {t("chat.header.queue", { name: ticket.queue.name })}
            </span>
          )
          : <span>{t("chat.header.noQueue")}</span>}
        {ticket.whatsapp
          ? <span>{t("tickets.connection", { name: ticket.whatsapp.name })}</span>
          : null}
      </div>
      <TagPicker ticket={ticket} onChanged={onChanged} />
    </header>
  );
}

/** pending: accept; open: return and resolve; closed: reopen. Also used by the composer. */
export function StatusActions({ ticket, actions }: { ticket: Ticket; actions: TicketActions }) {
  const { t } = useTranslation();
  const { busy, moveTo } = actions;
  const disabled = busy !== null;
  if (ticket.status === "pending") {
    return (
      <Button onPress={() => moveTo("open")} isPending={busy === "open"} isDisabled={disabled}>
        {t("tickets.actions.accept")}
      </Button>
    );
  }
  if (ticket.status === "closed") {
    return (
      <Button onPress={() => moveTo("open")} isPending={busy === "open"} isDisabled={disabled}>
        {t("tickets.actions.reopen")}
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => moveTo("pending")}
        isPending={busy === "pending"}
        isDisabled={disabled}
      >
        {t("tickets.actions.return")}
      </Button>
      <Button onPress={() => moveTo("closed")} isPending={busy === "closed"} isDisabled={disabled}>
        {t("tickets.actions.resolve")}
      </Button>
    </>
  );
}
