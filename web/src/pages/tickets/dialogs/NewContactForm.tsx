import { type FormEvent, useId, useState } from "react";
import { Form, Heading } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../api/index.ts";
import { Button } from "../../../components/Button.tsx";
import type { ContactChoice } from "../../../components/contactSearch.ts";
import { TextInput } from "../../../components/TextInput.tsx";
import { errorMessage, toast } from "../../../components/toast.ts";
import { useIssues } from "../../../lib/useIssues.ts";
import {
  type ContactDraft,
  type DraftField,
  duplicatedContactId,
  validateDraft,
} from "./newTicketForm.ts";
import * as css from "./newTicket.css.ts";

interface Props {
  initial: ContactDraft;
  onSaved: (contact: ContactChoice) => void;
  onCancel: () => void;
}

/**
 * The contact creation form of the new-ticket dialog (name 2..50, number 8..50 digits).
 * A number already in the contacts says so under the field and offers that contact.
 */
export function NewContactForm({ initial, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [existingId, setExistingId] = useState<number | null>(null);
  const issues = useIssues<DraftField>(() => validateDraft(draft));
  const patch = (next: Partial<ContactDraft>) => {
    setExistingId(null);
    setDraft((held) => ({ ...held, ...next }));
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !issues.check()) return;
    setBusy(true);
    try {
      const created = await api.contacts.create({ name: draft.name.trim(), number: draft.number });
      toast.success(t("desk.newTicket.contactSaved"));
      onSaved({ id: created.id, name: created.name, number: created.number });
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.code === "ERR_DUPLICATED_CONTACT") {
        issues.setServer("number", errorMessage(error));
        setExistingId(duplicatedContactId(error));
      } else issues.fromError(error);
      toast.apiError(error);
    }
  };

  const pickExisting = async () => {
    if (existingId === null) return;
    try {
      const contact = await api.contacts.get(existingId);
      onSaved({ id: contact.id, name: contact.name, number: contact.number });
    } catch (error) {
      toast.apiError(error);
    }
  };

  return (
    <Form
      className={css.newContact}
      onSubmit={save}
      validationBehavior="aria"
      aria-labelledby={titleId}
    >
      <Heading level={3} id={titleId} className={css.newContactTitle}>
        {t("desk.newTicket.newContact")}
      </Heading>
      <TextInput
        label={t("desk.newTicket.contactName")}
        value={draft.name}
        onChange={(name) => patch({ name })}
        error={issues.text("name")}
        autoFocus={!initial.name}
        maxLength={50}
        isRequired
      />
      <TextInput
        label={t("desk.newTicket.contactNumber")}
        value={draft.number}
        onChange={(number) => patch({ number })}
        error={issues.text("number")}
        description={t("desk.newTicket.numberHint")}
        autoFocus={Boolean(initial.name)}
        inputMode="tel"
        type="tel"
        isRequired
      />
      <div className={css.buttons}>
        {existingId !== null
          ? (
            <Button variant="ghost" onPress={pickExisting}>
              {t("desk.newTicket.useExisting")}
            </Button>
          )
          : null}
        <Button variant="secondary" onPress={onCancel}>{t("desk.newTicket.cancelContact")}</Button>
        <Button type="submit" isPending={busy}>{t("desk.newTicket.saveContact")}</Button>
      </div>
    </Form>
  );
}
