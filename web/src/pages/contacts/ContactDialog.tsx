import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContactDetail } from "../../api/contacts.ts";
import { api } from "../../api/index.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useFormDialog } from "../../lib/useFormDialog.ts";
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
  const { values, patch, busy, issues, submit } = useFormDialog<ContactValues, ContactField>({
    initial: () => initialContactValues(contact),
    validate: validateContact,
    // The number belongs to another contact: say so under the number, not only in a toast.
    conflicts: { ERR_DUPLICATED_CONTACT: "number" },
    save: async (values) => {
      const input = toContactInput(values);
      const saved = contact
        ? await api.contacts.update(contact.id, input)
        : await api.contacts.create(input);
      toast.success(t("contacts.modal.success"));
      onSaved(saved);
      onClose();
    },
  });

  return (
    <AppDialog
      title={title}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      wide
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isPending={busy}>
            {contact ? t("common.save") : t("common.add")}
          </Button>
        </>
      }
    >
      <section className={css.section} aria-label={t("contacts.modal.mainInfo")}>
        <h3 className={css.sectionTitle}>{t("contacts.modal.mainInfo")}</h3>
        <div className={css.row2}>
          <TextInput
            label={t("contacts.modal.name")}
            value={values.name}
            onChange={(name) => patch({ name })}
            error={issues.text("name")}
            autoComplete="off"
            autoFocus
          />
          <TextInput
            label={t("contacts.modal.number")}
            type="tel"
            inputMode="tel"
            value={values.number}
            onChange={(number) => patch({ number })}
            error={issues.text("number")}
            description={t("contacts.modal.numberHint")}
            autoComplete="off"
          />
        </div>
        <div className={css.row2}>
          <TextInput
            label={t("contacts.modal.email")}
            type="email"
            value={values.email}
            onChange={(email) => patch({ email })}
            error={issues.text("email")}
            autoComplete="off"
          />
          <TextInput
            label={t("contacts.modal.birthdate")}
            type="date"
            value={values.birthdate}
            onChange={(birthdate) => patch({ birthdate })}
            error={issues.text("birthdate")}
          />
        </div>
        <SwitchField
          label={t("contacts.modal.isCustomer")}
          isSelected={values.isCustomer}
          onChange={(isCustomer) => patch({ isCustomer })}
        />
        {contact?.whatsapp
          ? (
            <p className={css.hint}>
              {t("contacts.modal.whatsapp", { name: contact.whatsapp.name })}
            </p>
          )
          : null}
      </section>
      <ExtraInfoFields
        rows={values.extraInfo}
        onChange={(extraInfo) => patch({ extraInfo })}
        errorOf={(index) => issues.text(`extra${index}`)}
      />
    </AppDialog>
  );
}
