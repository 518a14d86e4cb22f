import type { ReactNode } from "react";
import { ListBoxItem } from "react-aria-components";
import * as css from "./controls.css.ts";
import { Icon } from "./Icon.tsx";

interface Props {
  id: string;
  textValue: string;
  children: ReactNode;
}

/** An option of a multiple-choice list, with a check while it is chosen. */
export function CheckOption({ id, textValue, children }: Props) {
  return (
    <ListBoxItem id={id} className={css.option} textValue={textValue}>
      {({ isSelected }) => (
        <>
          {children}
          {isSelected
            ? (
              <span className={css.check}>
                <Icon name="check" size={16} />
              </span>
            )
            : null}
        </>
      )}
    </ListBoxItem>
  );
}
