import { Button } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { MESSAGE_VARIABLES, placeholder } from "../../../contracts/messageVariables.ts";
import type { CampaignVariable } from "../../../contracts/campaigns.ts";
import { campaignPlaceholders } from "./campaignVariables.ts";
import * as css from "./MessageVariables.css.ts";

interface Props {
  /** Given: each variable is a button that hands over its placeholder (e.g. "{{firstName}}"). */
  onInsert?: (placeholder: string) => void;
  isDisabled?: boolean;
  /**
   * A campaign's message: its own single-brace placeholders instead ({nome}, {email},
   * {numero} and these variables of the campaign settings).
   */
  campaign?: readonly CampaignVariable[];
}

interface Shown {
  text: string;
  description: string;
  example: string | null;
}

/**
 * The variables the server fills in a message, each with what it becomes and an example:
 * the one list every message field offers (contracts/messageVariables.ts).
 */
export function MessageVariables({ onInsert, isDisabled, campaign }: Props) {
  const { t } = useTranslation();
  const shown: Shown[] = campaign
    ? campaignPlaceholders(campaign).map((p) => ({
      text: p.text,
      description: p.builtIn
        ? t(`campaigns.variables.${p.builtIn}`)
        : t("campaigns.variables.custom", { value: p.value }),
      example: null,
    }))
    : MESSAGE_VARIABLES.map((name) => ({
      text: placeholder(name),
      description: t(`polish.variables.${name}.description`),
      example: t(`polish.variables.${name}.example`),
    }));
  return (
    <div className={css.box}>
      <p className={css.title}>{t(campaign ? "campaigns.variables.title" : "polish.variables.title")}</p>
      <ul className={css.list}>
        {shown.map(({ text, description, example }) => {
          return (
            <li key={text} className={css.item}>
              {onInsert
                ? (
                  <Button
                    className={css.chipButton}
                    isDisabled={isDisabled}
                    aria-label={t("polish.variables.insert", { variable: text, description })}
                    onPress={() => onInsert(text)}
                  >
                    {text}
                  </Button>
                )
                : <code className={css.chip}>{text}</code>}
              <span>
                {description}
                {example
                  ? (
                    <>
                      {" "}
                      <span className={css.example}>
                        ({t("polish.variables.example", { example })})
                      </span>
                    </>
                  )
                  : null}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
