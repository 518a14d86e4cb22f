import { useState } from "react";
import { Input, Label, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Whatsapp } from "../../api/whatsapps.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import * as controls from "../../components/controls.css.ts";
import { IconButton } from "../../components/IconButton.tsx";
import { toast } from "../../components/toast.ts";
import * as css from "./connections.css.ts";

interface Props {
  whatsapp: Whatsapp;
  onRegenerated: (whatsapp: Whatsapp) => void;
}

/** The send-API token: read-only, copy button, and "regenerate" (POST /whatsapp/:id/token). */
export function TokenField({ whatsapp, onRegenerated }: Props) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(whatsapp.token);
      toast.success(t("connections.form.tokenCopied"));
    } catch {
      toast.error(t("connections.form.copyFailed"));
    }
  };

  const regenerate = async () => {
    try {
      const updated = await api.whatsapps.regenerateToken(whatsapp.id);
      onRegenerated(updated);
      toast.success(t("connections.form.tokenRegenerated"));
    } catch (error) {
      toast.apiError(error);
    }
  };

  return (
    <div>
      <div className={css.tokenRow}>
        <TextField className={controls.field} value={whatsapp.token} isReadOnly style={{ flex: 1 }}>
          <Label className={controls.label}>{t("connections.form.token")}</Label>
          <div className={controls.inputWrap}>
            <Input className={`${controls.input} ${controls.inputWithAddon} ${css.tokenInput}`} />
            <span className={controls.addon}>
              <IconButton
                icon="copy"
                label={t("connections.form.copyToken")}
                onPress={copy}
                isDisabled={!whatsapp.token}
              />
            </span>
          </div>
        </TextField>
        <Button variant="secondary" onPress={() => setConfirming(true)}>
          {t("connections.form.regenerateToken")}
        </Button>
      </div>
      <p className={css.hint}>{t("connections.form.tokenHint")}</p>
      <ConfirmDialog
        isOpen={confirming}
        title={t("connections.form.regenerateTitle")}
        message={t("connections.form.regenerateMessage")}
        confirmLabel={t("connections.form.regenerateToken")}
        onClose={() => setConfirming(false)}
        onConfirm={regenerate}
      />
    </div>
  );
}
