import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../../api/index.ts";
import type { Message } from "../../../api/messages.ts";
import type { Ticket } from "../../../api/tickets.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { toast } from "../../../components/toast.ts";
import { ScheduleDialog } from "../../schedules/ScheduleDialog.tsx";
import { ContactDrawer, type DrawerSection } from "../contact/ContactDrawer.tsx";
import { TransferDialog } from "../dialogs/TransferDialog.tsx";
import { Composer } from "./Composer.tsx";
import { MessageList } from "./MessageList.tsx";
import { TicketHeader } from "./TicketHeader.tsx";
import type { TicketOption } from "./TicketOptions.tsx";
import { useMessages } from "./useMessages.ts";
import { useTicket } from "./useTicket.ts";
import { useTicketActions } from "./useTicketActions.ts";
import * as css from "./conversation.css.ts";

interface Props {
  /** The route's :ticketId (the uuid). Mount with key={ticketRef}: a new ticket starts clean. */
  ticketRef: string;
  companyId: number;
  onBack?: () => void;
}

/** The open ticket: header, messages and composer. */
export function Conversation({ ticketRef, companyId, onBack }: Props) {
  const { ticket, setTicket } = useTicket(ticketRef, companyId);
  if (!ticket) return <PageLoader />;
  return <TicketView ticket={ticket} onChanged={setTicket} companyId={companyId} onBack={onBack} />;
}

interface ViewProps {
  ticket: Ticket;
  onChanged: (ticket: Ticket) => void;
  companyId: number;
  onBack?: () => void;
}

function TicketView({ ticket, onChanged, companyId, onBack }: ViewProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const thread = useMessages(ticket.id, companyId);
  const actions = useTicketActions(ticket, onChanged);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [drawer, setDrawer] = useState<DrawerSection | null>(null);
  const [dialog, setDialog] = useState<Exclude<TicketOption, "notes"> | null>(null);
  const { upsert } = thread;

  const confirmDelete = useCallback(async () => {
    if (!deleting) return;
    try {
      upsert(await api.messages.remove(deleting.id));
    } catch (error) {
      toast.apiError(error);
    }
  }, [deleting, upsert]);

  const deleteTicket = async () => {
    try {
      await api.tickets.remove(ticket.id);
      toast.success(t("chat.options.deleted"));
      navigate("/tickets");
    } catch (error) {
      toast.apiError(error);
    }
  };

  const onOption = (option: TicketOption) => {
    if (option === "notes") setDrawer("notes");
    else setDialog(option);
  };

  const closeDialog = useCallback(() => setDialog(null), []);
  const closeDrawer = useCallback(() => setDrawer(null), []);
  const contact = useMemo(
    () => ({ id: ticket.contactId, name: ticket.contact?.name ?? "" }),
    [ticket.contactId, ticket.contact?.name],
  );
  // The whole history is shown once no older page remains: then it began with the ticket.
  const edges = useMemo(() => ({
    startedAt: !thread.hasMore && !thread.loading ? ticket.createdAt : null,
    endedAt: ticket.status === "closed" ? ticket.updatedAt : null,
  }), [thread.hasMore, thread.loading, ticket.createdAt, ticket.status, ticket.updatedAt]);

  return (
    <section
      className={css.conversation}
      aria-label={ticket.contact?.name}
      data-testid="conversation"
    >
      <TicketHeader
        ticket={ticket}
        actions={actions}
        onChanged={onChanged}
        onOpenContact={() => setDrawer("details")}
        onOption={onOption}
        onBack={onBack}
      />
      <MessageList
        messages={thread.messages}
        hasMore={thread.hasMore}
        loading={thread.loading}
        loadOlder={thread.loadOlder}
        edges={edges}
        contactName={ticket.contact?.name ?? ""}
        onReply={setReplyTo}
        onDelete={setDeleting}
      />
      <Composer
        ticket={ticket}
        actions={actions}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onRestoreReply={setReplyTo}
        onSent={upsert}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("messages.deleteTitle")}
        message={t("messages.deleteMessage")}
        confirmLabel={t("messages.delete")}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        isOpen={dialog === "delete"}
        title={t("chat.options.deleteTitle", { name: contact.name })}
        message={t("chat.options.deleteMessage")}
        confirmLabel={t("chat.options.delete")}
        onClose={closeDialog}
        onConfirm={deleteTicket}
      />
      <TransferDialog isOpen={dialog === "transfer"} onClose={closeDialog} ticket={ticket} />
      <ScheduleDialog
        isOpen={dialog === "schedule"}
        onClose={closeDialog}
        contact={contact}
        ticketId={ticket.id}
      />
      <ContactDrawer
        ticket={ticket}
        companyId={companyId}
        section={drawer}
        onClose={closeDrawer}
      />
    </section>
  );
}
