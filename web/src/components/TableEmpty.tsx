import { useTranslation } from "react-i18next";
import * as page from "./page.css.ts";

/** What a table shows with no rows: still loading, or nothing to list. */
export function TableEmpty({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return <div className={page.empty}>{loading ? t("app.loading") : t("common.noRecords")}</div>;
}
