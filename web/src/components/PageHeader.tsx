import type { ReactNode } from "react";
import { Heading } from "react-aria-components";
import * as css from "./page.css.ts";

/** Page title (h1) with its actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={css.header}>
      <Heading level={1} className={css.title}>{title}</Heading>
      {children ? <div className={css.actions}>{children}</div> : null}
    </div>
  );
}
