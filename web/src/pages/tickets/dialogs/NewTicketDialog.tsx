import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Form } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../../api/index.ts";
import type { Ticket } from "../../../api/tickets.ts";
import type { WhatsappSummary } from "../../../api/types.ts";
import { currentUser, isAdmin } from "../../../app/session.ts";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { Button } from "../../../components/Button.tsx";
import type { ContactChoice } from "../../../components/contactSearch.ts";
import { ContactSearchField } from "../../../components/ContactSearchField.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { toast } from "../../../components/toast.ts";
import { useIssues } from "../../../lib/useIssues.ts";
import { ticketsTab } from "../deskState.ts";
import { useQueueOptions } from "../list/useQueueOptions.ts";
import {
  conflictOutcome,
  type ContactDraft,
  defaultConnection,
  draftFrom,
  otherOpenTicket,
  type TicketField,
  ticketInput,
  type TicketValues,
  validateTicket,
} from "./newTicketForm.ts";
import { NewContactForm } from "./NewContactForm.tsx";
import * as css from "./newTicket.css.ts";

/** The queue select's "no queue" entry (admins only; queue ids are positive numbers). */
const NO_QUEUE = "none";

interface Props {
  isOpen: boolean;
  onClose(): void;
  /** Start with this contact chosen (the contacts page's "open a ticket"). */
  initialContact?: { id: number; name: string; number: string };
  onCreated?(ticket: Ticket): void;
}

/**
 * Start a conversation: contact (searched, or created on the spot), queue (required for
 * non-admins, among their own), connection (the user's by default). The new ticket opens.
 */
export function NewTicketDialog(props: Props) {
  // Mounted only while open, so every opening starts from a clean form.
  if (!props.isOpen) return null;
  return <NewTicketForm {...props} />;
}

function NewTicketForm({ onClose, initialContact, onCreated }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const me = currentUser.value;
  const admin = isAdmin.value;
  const queues = useQueueOptions(admin, t("desk.newTicket.queueError"));
  const whatsapps = useConnections();
  const [values, setValues] = useState<TicketValues>(() => ({
    contact: initialContact ?? null,
    queueId: null,
    whatsappId: null,
  }));
  const [draft, setDraft] = useState<ContactDraft | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const issues = useIssues<TicketField>(() => validateTicket(values, admin));
  const patch = (next: Partial<TicketValues>) => {
    setNotice(null);
    setValues((held) => ({ ...held, ...next }));
  };

  // Defaults once the lists arrive: the only queue of an agent, the user's connection.
  useEffect(() => {
    if (!admin && queues?.length === 1) {
      setValues((held) => held.queueId === null ? { ...held, queueId: queues[0].id } : held);
    }
  }, [queues, admin]);
  useEffect(() => {
    if (!whatsapps) return;
    const preferred = defaultConnection(whatsapps, me?.whatsappId);
    setValues((held) => held.whatsappId === null ? { ...held, whatsappId: preferred } : held);
  }, [whatsapps]);

  const chooseContact = (contact: ContactChoice | null) => {
    setDraft(null);
    patch({ contact });
  };

  const formId = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || draft || !me) return;
    if (!issues.check() || !values.contact) return;
    setBusy(true);
    setNotice(null);
    try {
      const ticket = await api.tickets.create(
        ticketInput({ ...values, contact: values.contact }, me.id),
      );
      ticketsTab.value = "open";
      navigate(`/tickets/${ticket.uuid}`);
      onCreated?.(ticket);
      onClose();
    } catch (error) {
      setBusy(false);
      toast.apiError(error);
      const other = otherOpenTicket(error);
      if (!other) {
        issues.fromError(error);
        return;
      }
      const outcome = conflictOutcome(other, me.id);
      if (outcome.kind === "notice") {
        setNotice(t("desk.newTicket.otherTicket", {
          user: outcome.user,
          queue: outcome.queue ?? t("desk.newTicket.noQueueName"),
        }));
        return;
      }
      ticketsTab.value = outcome.status === "pending" ? "pending" : "open";
      navigate(`/tickets/${outcome.uuid}`);
      onClose();
    }
  };

  const queueOptions = [
    ...(admin ? [{ id: NO_QUEUE, label: t("desk.newTicket.noQueue") }] : []),
    ...(queues ?? []).map((queue) => ({ id: String(queue.id), label: queue.name })),
  ];
  const connectionOptions = (whatsapps ?? []).map((whatsapp) => ({
    id: String(whatsapp.id),
    label: whatsapp.name,
  }));

  return (
    <AppDialog
      title={t("desk.newTicket.title")}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" form={formId} isPending={busy} isDisabled={draft !== null}>
            {t("desk.newTicket.create")}
          </Button>
        </>
      }
    >
      {/* A sibling form, not a nested one: Enter in it saves the contact, not the ticket. */}
      {draft
        ? <NewContactForm initial={draft} onSaved={chooseContact} onCancel={() => setDraft(null)} />
        : null}
      <Form id={formId} onSubmit={submit} validationBehavior="aria" className={css.form}>
        {draft ? null : (
          <ContactSearchField
            texts={{
              label: t("desk.newTicket.contact"),
              hint: t("desk.newTicket.contactHint"),
              searching: t("desk.newTicket.searching"),
              notFound: t("desk.newTicket.noContacts"),
              placeholder: t("desk.newTicket.contactPlaceholder"),
            }}
            value={values.contact}
            onChange={(contact) => patch({ contact })}
            adding={{
              label: (name) => t("desk.newTicket.addContact", { name }),
              onAdd: (typed) => setDraft(draftFrom(typed)),
            }}
            error={issues.text("contact")}
            isRequired
            autoFocus={!initialContact}
          />
        )}
        <SelectField
          label={t("desk.newTicket.queue")}
          options={queueOptions}
          value={values.queueId === null ? (admin ? NO_QUEUE : null) : String(values.queueId)}
          onChange={(key) => patch({ queueId: key === NO_QUEUE ? null : Number(key) })}
          placeholder={admin ? t("desk.newTicket.noQueue") : t("desk.newTicket.queueRequired")}
          isRequired={!admin}
          error={issues.text("queueId")}
        />
        <SelectField
          label={t("desk.newTicket.connection")}
          options={connectionOptions}
          value={values.whatsappId === null ? null : String(values.whatsappId)}
          onChange={(key) => patch({ whatsappId: Number(key) })}
          placeholder={t("desk.newTicket.noConnection")}
        />
      </Form>
      {notice ? <p className={css.notice} role="alert">{notice}</p> : null}
    </AppDialog>
  );
}

/** The company's connections, for the connection select (null while loading). */
function useConnections(): WhatsappSummary[] | null {
  const [whatsapps, setWhatsapps] = useState<WhatsappSummary[] | null>(null);
  useEffect(() => {
    let current = true;
    api.lists.whatsapps()
      .then((list) => current && setWhatsapps(list))
      .catch((error) => current && toast.apiError(error));
    return () => {
      current = false;
    };
  }, []);
  return whatsapps;
}
