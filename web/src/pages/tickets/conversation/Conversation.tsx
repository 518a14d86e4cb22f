import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Message } from "../../../api/messages.ts";
import type { Ticket } from "../../../api/tickets.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { toast } from "../../../components/toast.ts";
import { Composer } from "./Composer.tsx";
import { MessageList } from "./MessageList.tsx";
import { TicketHeader } from "./TicketHeader.tsx";
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
  const thread = useMessages(ticket.id, companyId);
  const actions = useTicketActions(ticket, onChanged);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const { upsert } = thread;

  const confirmDelete = useCallback(async () => {
    if (!deleting) return;
    try {
      upsert(await api.messages.remove(deleting.id));
    } catch (error) {
      toast.apiError(error);
    }
  }, [deleting, upsert]);

  return (
    <section
      className={css.conversation}
      aria-label={ticket.contact?.name}
      data-testid="conversation"
    >
      <TicketHeader ticket={ticket} actions={actions} onBack={onBack} />
      <MessageList
        messages={thread.messages}
        hasMore={thread.hasMore}
        loading={thread.loading}
        loadOlder={thread.loadOlder}
        contactName={ticket.contact?.name ?? ""}
        onReply={setReplyTo}
        onDelete={setDeleting}
      />
      <Composer
        ticket={ticket}
        actions={actions}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
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
    </section>
  );
}
