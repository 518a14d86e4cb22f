import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { User } from "../../api/types.ts";
import { isAdmin } from "../../app/session.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import { PasswordInput } from "../../components/PasswordInput.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { UserAdminFields } from "./UserAdminFields.tsx";
import {
  initialValues,
  toUserInput,
  type UserField,
  type UserValues,
  validateUser,
} from "./userForm.ts";

interface Props {
  /** null: create a user. */
  user: User | null;
  onClose: () => void;
  onSaved: (user: User) => void;
}

export function UserDialog({ user, onClose, onSaved }: Props) {
  useSignals();
  const { t } = useTranslation();
  const editing = user !== null;
  const asAdmin = isAdmin.value;
  return (
    <FormDialog<UserValues, UserField, User>
      title={editing ? t("userModal.editTitle") : t("userModal.addTitle")}
      submitLabel={editing ? t("common.save") : t("common.add")}
      initial={() => initialValues(user)}
      validate={(values) => validateUser(values, editing)}
      save={(values) => {
        const input = toUserInput(values, asAdmin);
        return editing ? api.users.update(user.id, input) : api.users.create(input);
      }}
      savedText={t("userModal.success")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <>
          <TextInput label={t("userModal.name")} {...form.field("name")} autoFocus />
          <TextInput
            label={t("userModal.email")}
            type="email"
            autoComplete="off"
            {...form.field("email")}
          />
          <PasswordInput
            label={t("userModal.password")}
            autoComplete="new-password"
            {...form.field("password")}
            description={editing ? t("userModal.passwordEditHint") : undefined}
          />
          {asAdmin ? <UserAdminFields values={form.values} onChange={form.patch} /> : null}
        </>
      )}
    </FormDialog>
  );
}
