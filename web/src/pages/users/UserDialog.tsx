import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { User } from "../../api/types.ts";
import { isAdmin } from "../../app/session.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import { PasswordInput } from "../../components/PasswordInput.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useFormDialog } from "../../lib/useFormDialog.ts";
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
  const { values, patch, busy, issues, submit } = useFormDialog<UserValues, UserField>({
    initial: () => initialValues(user),
    validate: (values) => validateUser(values, editing),
    save: async (values) => {
      const input = toUserInput(values, asAdmin);
      const saved = editing
        ? await api.users.update(user.id, input)
        : await api.users.create(input);
      toast.success(t("userModal.success"));
      onSaved(saved);
      onClose();
    },
  });

  return (
    <AppDialog
      title={editing ? t("userModal.editTitle") : t("userModal.addTitle")}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isPending={busy}>
            {editing ? t("common.save") : t("common.add")}
          </Button>
        </>
      }
    >
      <TextInput
        label={t("userModal.name")}
        value={values.name}
        onChange={(name) => patch({ name })}
        error={issues.text("name")}
        autoFocus
      />
      <TextInput
        label={t("userModal.email")}
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={(email) => patch({ email })}
        error={issues.text("email")}
      />
      <PasswordInput
        label={t("userModal.password")}
        autoComplete="new-password"
        value={values.password}
        onChange={(password) => patch({ password })}
        error={issues.text("password")}
        description={editing ? t("userModal.passwordEditHint") : undefined}
      />
      {asAdmin ? <UserAdminFields values={values} onChange={patch} /> : null}
    </AppDialog>
  );
}
