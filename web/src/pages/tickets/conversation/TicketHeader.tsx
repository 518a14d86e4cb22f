import { Heading } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Ticket } from "../../../api/tickets.ts";
import { Button } from "../../../components/Button.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import { Avatar } from "../Avatar.tsx";
import type { TicketActions } from "./useTicketActions.ts";
import * as css from "./conversation.css.ts";

interface Props {
  ticket: Ticket;
  actions: TicketActions;
  /** Narrow screens: back to the list. */
  onBack?: () => void;
}

/** Contact, number, connection and status, with the moves the status allows. */
export function TicketHeader({ ticket, actions, onBack }: Props) {
  const { t } = useTranslation();
  const contact = ticket.contact;
  const name = contact?.name || contact?.number || t("tickets.unknownContact");
  return (
    <header className={css.header}>
      {onBack ? <IconButton icon="chevronLeft" label={t("tickets.back")} onPress={onBack} /> : null}
      <Avatar contact={contact} />
      <div className={css.headerInfo}>
        <Heading level={2} className={css.contactName}>{name}</Heading>
        <div className={css.headerMeta}>
          {contact?.number && !contact.isGroup ? <span>+{contact.number}</span> : null}
          {ticket.whatsapp
            ? <span>{t("tickets.connection", { name: ticket.whatsapp.name })}</span>
            : null}
          <span data-testid="ticket-status">{t(`tickets.status.${ticket.status}`)}</span>
          {ticket.user && ticket.status === "open"
            ? <span>{t("tickets.assignedTo", { name: ticket.user.name })}</span>
            : null}
        </div>
      </div>
      <div className={css.headerActions}>
        <StatusActions ticket={ticket} actions={actions} />
      </div>
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
