import { useTranslation } from "react-i18next";
import type { QuickSuggestion } from "./quickAnswers.ts";
import { Icon } from "../../../components/Icon.tsx";
import { visuallyHidden } from "../../../components/page.css.ts";
import * as css from "./conversation.css.ts";

interface Props {
  id: string;
  suggestions: QuickSuggestion[];
  active: number;
  onPick: (suggestion: QuickSuggestion) => void;
}

/** The id of a suggestion's element, for the text area's aria-activedescendant. */
export const optionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * The suggestions above the text area. The keyboard stays in the text area (it moves the
 * active option); a click picks without taking the focus away from it.
 */
export function QuickAnswerList({ id, suggestions, active, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <ul
      id={id}
      role="listbox"
      className={css.quickList}
      aria-label={t("chat.composer.quickAnswers")}
    >
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.id}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          className={index === active ? css.quickOptionActive : css.quickOption}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(suggestion)}
        >
          {suggestion.label}
          {suggestion.mediaName
            ? (
              <>
                <Icon name="attach" size={16} />
                <span className={visuallyHidden}>{t("composer.quickHasAttachment")}</span>
              </>
            )
            : null}
        </li>
      ))}
    </ul>
  );
}
