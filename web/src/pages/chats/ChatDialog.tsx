import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Chat } from "../../api/chats.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { MultiSelectField } from "../../components/MultiSelectField.tsx";
import type { Option } from "../../components/SelectField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useFormDialog } from "../../lib/useFormDialog.ts";
import { type ChatField, type ChatValues, initialChatValues, TITLE_MAX, validateChat } from "./chatState.ts";
import * as css from "./chats.css.ts";

interface Props {
  /** null: a new chat. */
  chat: Chat | null;
  me: number;
  onClose: () => void;
  onSaved: (chat: Chat) => void;
}

/** The chat save dialog: a title and the colleagues in it (the caller always is). */
export function ChatDialog({ chat, me, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [people, setPeople] = useState<Option[]>([]);
  useEffect(() => {
    api.users.list()
      .then((list) => setPeople(list.filter((u) => u.id !== me).map((u) => ({ id: String(u.id), label: u.name }))))
      .catch(toast.apiError);
  }, [me]);
  const { values, patch, busy, issues, submit } = useFormDialog<ChatValues, ChatField>({
    initial: () => initialChatValues(chat, me),
    validate: validateChat,
    save: async (values) => {
      const input = { title: values.title.trim(), users: values.users.map(Number) };
      const saved = chat ? await api.chats.update(chat.id, input) : await api.chats.create(input);
      toast.success(t("internalChat.dialog.saved"));
      onSaved(saved);
      onClose();
    },
  });
  const usersError = issues.text("users");

  return (
    <AppDialog
      title={chat ? t("internalChat.dialog.editTitle") : t("internalChat.dialog.addTitle")}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
    >
      <TextInput
        label={t("internalChat.dialog.title")}
        value={values.title}
        onChange={(title) => patch({ title })}
        error={issues.text("title")}
        maxLength={TITLE_MAX}
        autoComplete="off"
        autoFocus
      />
      <MultiSelectField
        label={t("internalChat.dialog.users")}
        options={people}
        value={values.users}
        onChange={(users) => patch({ users })}
      />
      {usersError ? <p role="alert" className={css.fieldError}>{usersError}</p> : null}
    </AppDialog>
  );
}
