import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import { toast } from "../../components/toast.ts";

interface Props {
  isOpen: boolean;
  onClose: () => void;
  onImported: () => void;
}

/** Asks before copying the phone's address book (default connection) into the contacts. */
export function PhoneImportDialog({ isOpen, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await api.contacts.importFromPhone();
      toast.success(t("contacts.phoneImport.done", result));
      onImported();
      onClose();
    } catch (error) {
      toast.apiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppDialog
      title={t("contacts.phoneImport.title")}
      isOpen={isOpen}
      onClose={onClose}
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button onPress={confirm} isPending={busy} autoFocus>
            {t("contacts.phoneImport.confirm")}
          </Button>
        </>
      }
    >
      <p>{t("contacts.phoneImport.message")}</p>
    </AppDialog>
  );
}
