import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContactDetail } from "../../api/contacts.ts";
import { api } from "../../api/index.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { FormDialog } from "../../components/FormDialog.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import {
  type ContactField,
  type ContactValues,
  initialContactValues,
  toContactInput,
  validateContact,
} from "./contactForm.ts";
import * as css from "./contacts.css.ts";
import { ExtraInfoFields } from "./ExtraInfoFields.tsx";

interface Props {
  /** null: add a contact. */
  contactId: number | null;
  onClose: () => void;
  onSaved: (contact: ContactDetail) => void;
}

/** Add or edit a contact; an existing contact is loaded first (its extra info is not in the list). */
export function ContactDialog({ contactId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<ContactDetail | null>(null);
  const editing = contactId !== null;

  useEffect(() => {
    if (contactId === null) return;
    let current = true;
    api.contacts.get(contactId)
      .then((contact) => current && setLoaded(contact))
      .catch((error) => {
        if (!current) return;
        toast.failure(error, t("contacts.modal.loadError"));
        onClose();
      });
    return () => {
      current = false;
    };
  }, [contactId, onClose, t]);

  const title = editing ? t("contacts.modal.editTitle") : t("contacts.modal.addTitle");
  if (editing && !loaded) {
    return (
      <AppDialog title={title} isOpen onClose={onClose}>
        <PageLoader />
      </AppDialog>
    );
  }
  return <ContactForm title={title} contact={loaded} onClose={onClose} onSaved={onSaved} />;
}

interface FormProps {
  title: string;
  contact: ContactDetail | null;
  onClose: () => void;
  onSaved: (contact: ContactDetail) => void;
}

function ContactForm({ title, contact, onClose, onSaved }: FormProps) {
  const { t } = useTranslation();
  return (
    <FormDialog<ContactValues, ContactField, ContactDetail>
      title={title}
      wide
      submitLabel={contact ? t("common.save") : t("common.add")}
      initial={() => initialContactValues(contact)}
      validate={validateContact}
      // The number belongs to another contact: say so under the number, not only in a toast.
      conflicts={{ ERR_DUPLICATED_CONTACT: "number" }}
      save={(values) => {
        const input = toContactInput(values);
        return contact ? api.contacts.update(contact.id, input) : api.contacts.create(input);
      }}
      savedText={t("contacts.modal.success")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <>
          <section className={css.section} aria-label={t("contacts.modal.mainInfo")}>
            <h3 className={css.sectionTitle}>{t("contacts.modal.mainInfo")}</h3>
            <div className={css.row2}>
              <TextInput
                label={t("contacts.modal.name")}
                {...form.field("name")}
                autoComplete="off"
                autoFocus
              />
              <TextInput
                label={t("contacts.modal.number")}
                type="tel"
                inputMode="tel"
                {...form.field("number")}
                description={t("contacts.modal.numberHint")}
                autoComplete="off"
              />
            </div>
            <div className={css.row2}>
              <TextInput
                label={t("contacts.modal.email")}
                type="email"
                {...form.field("email")}
                autoComplete="off"
              />
              <TextInput
                label={t("contacts.modal.birthdate")}
                type="date"
                {...form.field("birthdate")}
              />
            </div>
            <SwitchField label={t("contacts.modal.isCustomer")} {...form.toggle("isCustomer")} />
            {contact?.whatsapp
              ? (
                <p className={css.hint}>
                  {t("contacts.modal.whatsapp", { name: contact.whatsapp.name })}
                </p>
              )
              : null}
          </section>
          <ExtraInfoFields
            rows={form.values.extraInfo}
            onChange={(extraInfo) => form.patch({ extraInfo })}
            errorOf={(index) => form.issues.text(`extra${index}`)}
          />
        </>
      )}
    </FormDialog>
  );
}
