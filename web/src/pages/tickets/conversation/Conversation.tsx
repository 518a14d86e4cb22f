import { useCallback, useMemo, useState } from "react";
import { type Key, ToggleButton, ToggleButtonGroup } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../../api/index.ts";
import type { Message } from "../../../api/messages.ts";
import type { TicketNote } from "../../../api/notes.ts";
import type { Ticket } from "../../../api/tickets.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { toast } from "../../../components/toast.ts";
import { ScheduleDialog } from "../../schedules/ScheduleDialog.tsx";
import { ContactDrawer, type DrawerSection } from "../contact/ContactDrawer.tsx";
import { TransferDialog } from "../dialogs/TransferDialog.tsx";
import { Composer } from "./Composer.tsx";
import { MessageList } from "./MessageList.tsx";
import { NoteComposer } from "./NoteComposer.tsx";
import { StatusActions, TicketHeader } from "./TicketHeader.tsx";
import type { TicketOption } from "./TicketOptions.tsx";
import { useHistory } from "./useHistory.ts";
import { useMessages } from "./useMessages.ts";
import { useNotes } from "./useNotes.ts";
import { useTicket } from "./useTicket.ts";
import { useTicketActions } from "./useTicketActions.ts";
import * as css from "./conversation.css.ts";
import * as threadCss from "./thread.css.ts";

/** What the composer area writes: an answer to the customer, or an internal note. */
type WriteMode = "reply" | "note";

interface Props {
  /** The route's :ticketId (the uuid). Mount with key={ticketRef}: a new ticket starts clean. */
  ticketRef: string;
  companyId: number;
  onBack?: () => void;
}

/**
 * The open ticket: header, the timeline (the contact's earlier tickets above this one's
 * messages, notes among them) and the composer, which a waiting ticket replaces by Aceitar.
 */
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
  const history = useHistory(ticket.id);
  const notes = useNotes(ticket.id, companyId);
  const actions = useTicketActions(ticket, onChanged);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [deletingNote, setDeletingNote] = useState<TicketNote | null>(null);
  const [drawer, setDrawer] = useState<DrawerSection | null>(null);
  const [dialog, setDialog] = useState<Exclude<TicketOption, "notes"> | null>(null);
  const [mode, setMode] = useState<WriteMode>("reply");
  const { upsert } = thread;
  // Above the ticket's first page come the contact's earlier tickets.
  const ownPagesLeft = thread.hasMore || thread.loading;
  const loadOlder = ownPagesLeft ? thread.loadOlder : history.loadMore;
  const threadHistory = useMemo(
    () => ({ tickets: history.tickets, messages: history.messages }),
    [history.tickets, history.messages],
  );

  const confirmDeleteNote = async () => {
    if (!deletingNote) return;
    try {
      await notes.remove(deletingNote.id);
      toast.success(t("thread.note.deleted"));
    } catch (error) {
      toast.apiError(error);
    }
  };

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
    if (option === "notes") setMode("note");
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
        hasMore={thread.hasMore || history.hasMore}
        loading={thread.loading || history.loading}
        loadOlder={loadOlder}
        edges={edges}
        history={threadHistory}
        notes={notes.notes}
        allLoaded={!ownPagesLeft}
        contactName={ticket.contact?.name ?? ""}
        onReply={setReplyTo}
        onDelete={setDeleting}
        onDeleteNote={setDeletingNote}
      />
      {ticket.status === "pending"
        ? (
          <div className={threadCss.pendingBar} role="status" data-testid="pending-bar">
            <span>{t("thread.pending.banner")}</span>
            <StatusActions ticket={ticket} actions={actions} />
          </div>
        )
        : null}
      {ticket.status !== "pending" || mode === "note"
        ? (
          <div className={threadCss.writeBar}>
            {ticket.status === "pending" ? null : <WriteModes mode={mode} onChange={setMode} />}
            {mode === "note" ? <NoteComposer onAdd={notes.add} /> : null}
          </div>
        )
        : null}
      {ticket.status === "pending" ? null : (
        // Kept mounted in note mode: the answer being typed waits there.
        <div style={{ display: mode === "reply" ? "contents" : "none" }}>
          <Composer
            ticket={ticket}
            actions={actions}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            onRestoreReply={setReplyTo}
            onSent={upsert}
          />
        </div>
      )}
      <ConfirmDialog
        isOpen={deletingNote !== null}
        title={t("thread.note.deleteTitle")}
        message={t("thread.note.deleteMessage")}
        onClose={() => setDeletingNote(null)}
        onConfirm={confirmDeleteNote}
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

/** Reply to the customer or write an internal note (as Chatwoot's Reply / Private note). */
function WriteModes({ mode, onChange }: { mode: WriteMode; onChange: (mode: WriteMode) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      className={threadCss.modes}
      aria-label={t("thread.modes.label")}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[mode]}
      onSelectionChange={(keys: Set<Key>) => {
        const [next] = keys;
        if (next) onChange(next as WriteMode);
      }}
    >
      <ToggleButton id="reply" className={threadCss.mode}>{t("thread.modes.reply")}</ToggleButton>
      <ToggleButton id="note" className={threadCss.mode}>{t("thread.modes.note")}</ToggleButton>
    </ToggleButtonGroup>
  );
}
