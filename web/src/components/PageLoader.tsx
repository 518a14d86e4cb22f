import { ProgressBar } from "react-aria-components";
import { useTranslation } from "react-i18next";
import * as css from "./PageLoader.css.ts";

/** Indeterminate progress while a page or the session loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className={css.wrap}>
      <ProgressBar isIndeterminate aria-label={t("app.loading")} className={css.bar}>
        <div className={css.fill} />
      </ProgressBar>
    </div>
  );
}
