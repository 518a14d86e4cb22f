import { Button } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { MESSAGE_VARIABLES, placeholder } from "../../../contracts/messageVariables.ts";
import * as css from "./MessageVariables.css.ts";

interface Props {
  /** Given: each variable is a button that hands over its placeholder (e.g. "{{firstName}}"). */
  onInsert?: (placeholder: string) => void;
  isDisabled?: boolean;
}

/**
 * The variables the server fills in a message, each with what it becomes and an example:
 * the one list every message field offers (contracts/messageVariables.ts).
 */
export function MessageVariables({ onInsert, isDisabled }: Props) {
  const { t } = useTranslation();
  return (
    <div className={css.box}>
      <p className={css.title}>{t("polish.variables.title")}</p>
      <ul className={css.list}>
        {MESSAGE_VARIABLES.map((name) => {
          const text = placeholder(name);
          const description = t(`polish.variables.${name}.description`);
          return (
            <li key={name} className={css.item}>
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
                {description}{" "}
                <span className={css.example}>
                  ({t("polish.variables.example", {
                    example: t(`polish.variables.${name}.example`),
                  })})
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
