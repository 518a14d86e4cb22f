import { useEffect, useRef, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { ContactDetail } from "../../../api/contacts.ts";
import { api } from "../../../api/index.ts";
import type { Ticket } from "../../../api/tickets.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { Button } from "../../../components/Button.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import * as overlay from "../../../components/overlay.css.ts";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { toast } from "../../../components/toast.ts";
import { Avatar } from "../Avatar.tsx";
import { ContactEditForm } from "./ContactEditForm.tsx";
import { ContactNotes } from "./ContactNotes.tsx";
import * as css from "./contact.css.ts";
import { companyEvent } from "../../../../../contracts/realtime.ts";

export type DrawerSection = "details";

interface Props {
  ticket: Ticket;
  companyId: number;
  /** null: closed. */
  section: DrawerSection | null;
  onClose: () => void;
}

/** The ticket's contact beside the conversation: details, edit form, extra info and its notes on other tickets. */
export function ContactDrawer({ ticket, companyId, section, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      className={css.overlay}
      isOpen={section !== null}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
    >
      <Modal className={css.drawer}>
        <Dialog className={overlay.dialog} aria-label={t("chat.contact.drawer")}>
          <div className={css.top}>
            <Heading slot="title" className={overlay.title}>{t("chat.contact.drawer")}</Heading>
            <IconButton icon="close" label={t("common.close")} onPress={onClose} />
          </div>
          <ContactDetails contactId={ticket.contactId} companyId={companyId} onClose={onClose} />
          <ContactNotes ticketId={ticket.id} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

interface DetailsProps {
  contactId: number;
  companyId: number;
  onClose: () => void;
}

function ContactDetails({ contactId, companyId, onClose }: DetailsProps) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<ContactDetail | null>(null);
  const [editing, setEditing] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let current = true;
    api.contacts.get(contactId)
      .then((loaded) => current && setContact(loaded))
      .catch((error) => {
        if (!current) return;
        toast.failure(error, t("chat.contact.loadError"));
        close.current();
      });
    return () => {
      current = false;
    };
  }, [contactId, t]);

  // Someone else's edit shows here too; the extra info stays unless the event carries it.
  useRealtimeEvent(companyEvent(companyId, "contact"), (data) => {
    const event = (data ?? {}) as { action?: string; contact?: Partial<ContactDetail> };
    if (event.action === "update" && event.contact?.id === contactId) {
      setContact((held) => held && { ...held, ...event.contact });
    }
  });

  if (!contact) return <PageLoader />;
  return (
    <>
      <section className={css.section} aria-label={contact.name}>
        <div className={css.card}>
          <Avatar contact={contact} size={72} />
          <p className={css.cardName}>{contact.name}</p>
          <span className={css.muted}>+{contact.number}</span>
          <span className={css.muted}>{contact.email || t("chat.contact.noEmail")}</span>
        </div>
        {editing ? null : (
          <div className={css.row}>
            <Button variant="secondary" onPress={() => setEditing(true)}>
              {t("chat.contact.edit")}
            </Button>
          </div>
        )}
      </section>
      {editing
        ? (
          <ContactEditForm
            contact={contact}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              setContact(saved);
              setEditing(false);
            }}
          />
        )
        : <ExtraInfoList contact={contact} />}
    </>
  );
}

function ExtraInfoList({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation();
  return (
    <section className={css.section} aria-label={t("chat.contact.extraInfo")}>
      <h3 className={css.sectionTitle}>{t("chat.contact.extraInfo")}</h3>
      {contact.extraInfo.length === 0
        ? <p className={css.muted}>{t("chat.contact.noExtraInfo")}</p>
        : (
          <dl className={css.infoList}>
            {contact.extraInfo.map((info, index) => (
              <div key={info.id ?? index} className={css.infoPair}>
                <dt className={css.infoName}>{info.name}</dt>
                <dd className={css.infoValue}>{info.value}</dd>
              </div>
            ))}
          </dl>
        )}
    </section>
  );
}
