import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/IconButton.tsx";
import { toast } from "../../components/toast.ts";
import { formatPairingCode } from "./connectionRules.ts";
import * as css from "./connections.css.ts";

interface Props {
  /** The 8-character code ("" while WhatsApp has not given it yet). */
  code: string;
}

/** The steps to link by phone number and the code to type, with a copy button. */
export function PairingCode({ code }: Props) {
  const { t } = useTranslation();

  const shown = formatPairingCode(code);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t("connections.pairing.copied"));
    } catch {
      toast.error(t("connections.form.copyFailed"));
    }
  };

  return (
    <>
      <ol className={css.steps}>
        <li>{t("connections.pairing.step1")}</li>
        <li>{t("connections.pairing.step2")}</li>
        <li>{t("connections.pairing.step3")}</li>
        <li>{t("connections.pairing.step4")}</li>
      </ol>
      {code
        ? (
          <div className={css.codeRow}>
            <output
              className={css.pairingCode}
              aria-label={t("connections.pairing.codeLabel", { code: shown })}
            >
              {shown}
            </output>
            <IconButton icon="copy" label={t("connections.pairing.copy")} onPress={copy} />
          </div>
        )
        : <p className={css.muted} role="status">{t("connections.pairing.waiting")}</p>}
    </>
  );
}
