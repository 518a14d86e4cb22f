import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppDialog } from "./AppDialog.tsx";
import { Button, type ButtonVariant } from "./Button.tsx";

interface Props {
  title: string;
  message: string;
  isOpen: boolean;
  onClose: () => void;
  /** Runs on confirm; the dialog closes when it resolves, unless to false (try again). */
  onConfirm: () => Promise<void | boolean> | void | boolean;
  confirmLabel?: string;
  /** "danger" unless the action destroys nothing. */
  confirmVariant?: ButtonVariant;
}

/** Asks before a destructive (or otherwise weighty) action. */
export function ConfirmDialog(props: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if ((await props.onConfirm()) !== false) props.onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppDialog
      title={props.title}
      isOpen={props.isOpen}
      onClose={props.onClose}
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onPress={props.onClose}>{t("common.cancel")}</Button>
          <Button
            variant={props.confirmVariant ?? "danger"}
            onPress={confirm}
            isPending={busy}
            autoFocus
          >
            {props.confirmLabel ?? t("common.delete")}
          </Button>
        </>
      }
    >
      <p>{props.message}</p>
    </AppDialog>
  );
}
