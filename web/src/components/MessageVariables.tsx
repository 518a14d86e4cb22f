import { Button } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { MESSAGE_VARIABLES, placeholder, shortSpelling } from "../../../contracts/messageVariables.ts";
import type { CampaignVariable } from "../../../contracts/campaigns.ts";
import { campaignPlaceholders } from "./campaignVariables.ts";
import * as css from "./MessageVariables.css.ts";

interface Props {
  /** Given: each variable is a button that hands over its placeholder (e.g. "{{firstName}}"). */
  onInsert?: (placeholder: string) => void;
  isDisabled?: boolean;
  /** A campaign's message: these variables of the campaign settings are offered too. */
  campaign?: readonly CampaignVariable[];
}

interface Shown {
  /** The placeholder, then its other spelling ({nome} beside {{name}}) when it has one. */
  texts: string[];
  description: string;
  example: string | null;
}

/**
 * The variables the server fills in a message, each with what it becomes and an example:
 * the one list every message field offers (contracts/messageVariables.ts); a campaign
 * adds its own.
 */
export function MessageVariables({ onInsert, isDisabled, campaign }: Props) {
  const { t } = useTranslation();
  const shown: Shown[] = [
    ...MESSAGE_VARIABLES.map((name) => ({
      texts: [placeholder(name), shortSpelling(name)].filter((text): text is string => text !== null),
      description: t(`polish.variables.${name}.description`),
      example: t(`polish.variables.${name}.example`),
    })),
    ...campaignPlaceholders(campaign ?? []).map((p) => ({
      texts: [p.text],
      description: t("campaigns.variables.custom", { value: p.value }),
      example: null,
    })),
  ];
  return (
    <div className={css.box}>
      <p className={css.title}>{t("polish.variables.title")}</p>
      <ul className={css.list}>
        {shown.map(({ texts, description, example }) => (
          <li key={texts[0]} className={css.item}>
            {texts.map((text) =>
              onInsert
                ? (
                  <Button
                    key={text}
                    className={css.chipButton}
                    isDisabled={isDisabled}
                    aria-label={t("polish.variables.insert", { variable: text, description })}
                    onPress={() => onInsert(text)}
                  >
                    {text}
                  </Button>
                )
                : <code key={text} className={css.chip}>{text}</code>
            )}
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
        ))}
      </ul>
    </div>
  );
}
