import { Focusable, Tooltip, TooltipTrigger } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon.tsx";
import { tooltip } from "../../components/overlay.css.ts";
import { formatLocalDate, formatTime } from "../../lib/format.ts";
import * as css from "./queueIntegration.css.ts";

interface Props {
  /** The runtime's last failure ("" when fine). */
  error: string;
  /** When it failed (ISO). */
  at: string | null;
}

/**
 * An integration that failed says so on its row: when, and the whole error in a tooltip that
 * opens on hover and on keyboard focus (and describes the note to screen readers).
 */
export function FailureNote({ error, at }: Props) {
  const { t } = useTranslation();
  if (!error) return null;
  const time = at ? `${formatLocalDate(at)} ${formatTime(at)}` : "";
  const text = t("integrationsAtWork.failed", { time });
  return (
    <TooltipTrigger delay={300}>
      <Focusable>
        <span className={css.failure} role="img" tabIndex={0} aria-label={text}>
          <Icon name="mediaError" size={16} />
          <span aria-hidden="true">{text}</span>
        </span>
      </Focusable>
      <Tooltip className={`${tooltip} ${css.failureTooltip}`} offset={6}>
        {t("integrationsAtWork.failedHint", { error })}
      </Tooltip>
    </TooltipTrigger>
  );
}
