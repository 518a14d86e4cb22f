import { Button } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { MESSAGE_VARIABLES } from "./scheduleForm.ts";
import * as css from "./schedules.css.ts";

interface Props {
  /** Receives the placeholder text, e.g. "{{firstName}}". */
  onInsert: (placeholder: string) => void;
  isDisabled?: boolean;
}

/** The variables the server fills in ({{name}}, {{firstName}}…), each insertable with a press. */
export function MessageVariables({ onInsert, isDisabled }: Props) {
  const { t } = useTranslation();
  return (
    <div className={css.variables}>
      <span>{t("schedules.dialog.variables")}</span>
      {MESSAGE_VARIABLES.map((name) => {
        const placeholder = `{{${name}}}`;
        return (
          <Button
            key={name}
            className={css.variableButton}
            isDisabled={isDisabled}
            aria-label={t("schedules.dialog.insertVariable", {
              variable: placeholder,
              meaning: t(`schedules.dialog.variableMeaning.${name}`),
            })}
            onPress={() => onInsert(placeholder)}
          >
            {placeholder}
          </Button>
        );
      })}
    </div>
  );
}
