import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Chat } from "../../api/chats.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import { MultiSelectField } from "../../components/MultiSelectField.tsx";
import type { Option } from "../../components/SelectField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import {
  type ChatField,
  type ChatValues,
  initialChatValues,
  TITLE_MAX,
  validateChat,
} from "./chatState.ts";
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
      .then((list) =>
        setPeople(list.filter((u) => u.id !== me).map((u) => ({ id: String(u.id), label: u.name })))
      )
      .catch(toast.apiError);
  }, [me]);
  return (
    <FormDialog<ChatValues, ChatField, Chat>
      title={chat ? t("internalChat.dialog.editTitle") : t("internalChat.dialog.addTitle")}
      initial={() => initialChatValues(chat, me)}
      validate={validateChat}
      save={(values) => {
        const input = { title: values.title.trim(), users: values.users.map(Number) };
        return chat ? api.chats.update(chat.id, input) : api.chats.create(input);
      }}
      savedText={t("internalChat.dialog.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => {
        const usersError = form.issues.text("users");
        return (
          <>
            <TextInput
              label={t("internalChat.dialog.title")}
              {...form.field("title")}
              maxLength={TITLE_MAX}
              autoComplete="off"
              autoFocus
            />
            <MultiSelectField
              label={t("internalChat.dialog.users")}
              options={people}
              value={form.values.users}
              onChange={(users) => form.patch({ users })}
            />
            {usersError ? <p role="alert" className={css.fieldError}>{usersError}</p> : null}
          </>
        );
      }}
    </FormDialog>
  );
}
