import { useState } from "react";
import { Form } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { ContactDetail } from "../../../api/contacts.ts";
import { api } from "../../../api/index.ts";
import { Button } from "../../../components/Button.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { toast } from "../../../components/toast.ts";
import { useIssues } from "../../../lib/useIssues.ts";
import {
  type ContactField,
  type ContactValues,
  initialContactValues,
  toContactInput,
} from "../../contacts/contactForm.ts";
import { ExtraInfoFields } from "../../contacts/ExtraInfoFields.tsx";
import { validateDrawerContact } from "./contactForm.ts";
import * as css from "./contact.css.ts";

interface Props {
  contact: ContactDetail;
  onSaved: (contact: ContactDetail) => void;
  onCancel: () => void;
}

/** Name, number, e-mail and the extra information, saved together. */
export function ContactEditForm({ contact, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ContactValues>(() => initialContactValues(contact));
  const [busy, setBusy] = useState(false);
  const issues = useIssues<ContactField>(() => validateDrawerContact(values));
  const patch = (next: Partial<ContactValues>) => setValues((held) => ({ ...held, ...next }));

  const submit = async () => {
    if (busy || !issues.check()) return;
    setBusy(true);
    try {
      const saved = await api.contacts.update(contact.id, toContactInput(values));
      toast.success(t("chat.contact.saved"));
      onSaved(saved);
    } catch (error) {
      issues.fromError(error);
      toast.apiError(error);
      setBusy(false);
    }
  };

  return (
    <Form
      className={css.section}
      validationBehavior="aria"
      aria-label={t("chat.contact.edit")}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextInput
        label={t("chat.contact.name")}
        value={values.name}
        onChange={(name) => patch({ name })}
        error={issues.text("name")}
        autoFocus
        autoComplete="off"
      />
      <TextInput
        label={t("chat.contact.number")}
        value={values.number}
        onChange={(number) => patch({ number })}
        error={issues.text("number")}
        inputMode="tel"
        autoComplete="off"
      />
      <TextInput
        label={t("chat.contact.email")}
        type="email"
        value={values.email}
        onChange={(email) => patch({ email })}
        error={issues.text("email")}
        autoComplete="off"
      />
      <ExtraInfoFields
        rows={values.extraInfo}
        onChange={(extraInfo) => patch({ extraInfo })}
        errorOf={(index) => issues.text(`extra${index}`)}
      />
      <div className={css.row}>
        <Button variant="secondary" onPress={onCancel}>{t("common.cancel")}</Button>
        <Button type="submit" isPending={busy}>{t("chat.contact.saveContact")}</Button>
      </div>
    </Form>
  );
}
