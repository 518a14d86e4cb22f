import { useTranslation } from "react-i18next";
import { formatListMoment } from "../schedules/scheduleAgenda.ts";

/** WhatsApp's refusals carry its code (ERR_WAPP_REFUSED_463); the catalogue explains the common ones. */
const REFUSED = /^ERR_WAPP_REFUSED_(\w+)$/;

/**
 * A catalogue code (a pause reason, a failed send) in the user's language; a refusal code
 * the catalogue lacks is told as a refusal with its number; anything else as the code itself.
 */
export function useCodeText(): (code: string) => string {
  const { t, i18n } = useTranslation();
  return (code) => {
    if (i18n.exists(`errors.${code}`)) return t(`errors.${code}`);
    const refused = REFUSED.exec(code);
    return refused ? `${t("errors.ERR_WAPP_REFUSED")} (${refused[1]})` : code;
  };
}

/** Why a running campaign waits and until when ("restricted until …", "outside the send window until …"). */
export function usePauseText(): (c: { pauseReason: string | null; pausedUntil: string | null }) => string | null {
  const { t } = useTranslation();
  const codeText = useCodeText();
  return (c) => {
    if (!c.pauseReason) return null;
    const reason = codeText(c.pauseReason);
    return c.pausedUntil
      ? t("campaigns.pausedUntil", { reason, until: formatListMoment(c.pausedUntil) })
      : t("campaigns.paused", { reason });
  };
}
