import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { PasswordInput } from "../../components/PasswordInput.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useIssues } from "../../lib/useIssues.ts";
import { collect, email, length } from "../../lib/validation.ts";
import { currentUser, updateCurrentUser } from "../session.ts";

type Field = "name" | "email" | "password";

/** Edit one's own name, email and password (PUT /users/:id). */
export function ProfileDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const user = currentUser.value;
  const [name, setName] = useState(user?.name ?? "");
  const [mail, setMail] = useState(user?.email ?? "");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);

  const issues = useIssues<Field>(() =>
    collect<Field>({
      name: length(name, 2, 50),
      email: email(mail),
      password: length(password, 5, 50, false),
    })
  );

  if (!user) return null;

  const submit = async () => {
    if (busy) return;
    if (!issues.check()) return;
    setBusy(true);
    try {
      const body = { name: name.trim(), email: mail.trim(), ...(password ? { password } : {}) };
      const saved = await api.users.update(user.id, body);
      updateCurrentUser({ name: saved.name, email: saved.email });
      toast.success(t("profile.saved"));
      onClose();
    } catch (error) {
      issues.fromError(error);
      toast.apiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      title={t("profile.title")}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
    >
      <TextInput
        label={t("profile.name")}
        value={name}
        onChange={setName}
        error={issues.text("name")}
        autoFocus
      />
      <TextInput
        label={t("profile.email")}
        type="email"
        value={mail}
        onChange={setMail}
        error={issues.text("email")}
        autoComplete="email"
      />
      <PasswordInput
        label={t("profile.password")}
        value={password}
        onChange={setPassword}
        error={issues.text("password")}
        description={t("profile.passwordHint")}
        autoComplete="new-password"
      />
    </AppDialog>
  );
}
