import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Whatsapp } from "../../api/whatsapps.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { useIssues } from "../../lib/useIssues.ts";
import { pairingDigits, type PairingField, validatePairing } from "./connectionRules.ts";
import * as css from "./connections.css.ts";

interface Props {
  whatsapp: Whatsapp;
  onClose: () => void;
  /** The session is starting with the number: the page shows the code dialog next. */
  onStarted: (whatsapp: Whatsapp) => void;
}

/** Ask for the phone's number and start the session by pairing code (POST /whatsappsession/:id). */
export function PairingDialog({ whatsapp, onClose, onStarted }: Props) {
  const { t } = useTranslation();
  const [number, setNumber] = useState("");
  const [busy, setBusy] = useState(false);
  const issues = useIssues<PairingField>(() => validatePairing(number));

  const submit = async () => {
    if (busy || !issues.check()) return;
    setBusy(true);
    try {
      await api.whatsapps.start(whatsapp.id, pairingDigits(number));
      onStarted(whatsapp);
    } catch (error) {
      issues.fromError(error);
      toast.apiError(error);
      setBusy(false);
    }
  };

  return (
    <AppDialog
      title={t("connections.pairing.title", { name: whatsapp.name })}
      isOpen
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isPending={busy}>{t("connections.pairing.submit")}</Button>
        </>
      }
    >
      <p className={css.hint}>{t("connections.pairing.intro")}</p>
      <TextInput
        label={t("connections.pairing.number")}
        value={number}
        onChange={setNumber}
        error={issues.text("pairingNumber")}
        description={t("connections.pairing.numberHint")}
        placeholder="5511999998888"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={25}
        autoFocus
      />
    </AppDialog>
  );
}
