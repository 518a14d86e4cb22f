import type { ReactNode } from "react";
import { Button, Disclosure, DisclosurePanel, Heading } from "react-aria-components";
import { Icon } from "./Icon.tsx";
import * as css from "./FormSection.css.ts";

interface Props {
  title: string;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** Some field inside has an error: said next to the title, so a folded section shows it. */
  hasError?: boolean;
  errorLabel?: string;
  children: ReactNode;
}

/**
 * A folded part of a long form: a heading button (Enter/Space toggles, aria-expanded) and a
 * panel. The form decides when it opens, so a section holding an error can open itself.
 */
export function FormSection(props: Props) {
  return (
    <Disclosure
      className={css.section}
      isExpanded={props.isExpanded}
      onExpandedChange={props.onExpandedChange}
    >
      <Heading level={3} className={css.heading}>
        <Button slot="trigger" className={css.trigger}>
          <span className={css.chevron} data-expanded={props.isExpanded || undefined}>
            <Icon name="chevronDown" size={20} />
          </span>
          <span>{props.title}</span>
          {props.hasError ? <span className={css.errorMark}>{props.errorLabel}</span> : null}
        </Button>
      </Heading>
      <DisclosurePanel className={css.panel}>{props.children}</DisclosurePanel>
    </Disclosure>
  );
}
