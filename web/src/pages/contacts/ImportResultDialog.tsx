import { useTranslation } from "react-i18next";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import type { ImportSummary } from "./importResult.ts";
import * as css from "./contacts.css.ts";

interface Props {
  summary: ImportSummary;
  onClose: () => void;
}

/** What the spreadsheet import did: new contacts counted, refused rows listed with the reason. */
export function ImportResultDialog({ summary, onClose }: Props) {
  const { t } = useTranslation();
  const count = summary.errors.length;
  return (
    <AppDialog
      title={t("contacts.sheetImport.resultTitle")}
      isOpen
      onClose={onClose}
      wide
      footer={<Button onPress={onClose} autoFocus>{t("common.close")}</Button>}
    >
      <p className={css.summary} role="status">
        {t("contacts.sheetImport.newContacts", { count: summary.newCount })}
      </p>
      {summary.countryCode && (summary.countryCode.completed || summary.countryCode.refused)
        ? (
          <p>
            {t("contactLists.items.countryCode.completed", { count: summary.countryCode.completed, code: summary.countryCode.code })}{" "}
            {t("contactLists.items.countryCode.refused", { count: summary.countryCode.refused })}
          </p>
        )
        : null}
      {count === 0 ? <p>{t("contacts.sheetImport.noErrors")}</p> : (
        <>
          <p>{t("contacts.sheetImport.errors", { count })}</p>
          <div className={css.errorScroller}>
            <table className={css.errorTable}>
              <caption className={css.hint}>{t("contacts.sheetImport.errorsTable")}</caption>
              <thead>
                <tr>
                  <th scope="col" className={css.errorHead}>
                    {t("contacts.sheetImport.columns.row")}
                  </th>
                  <th scope="col" className={css.errorHead}>
                    {t("contacts.sheetImport.columns.name")}
                  </th>
                  <th scope="col" className={css.errorHead}>
                    {t("contacts.sheetImport.columns.error")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.errors.map((error, index) => (
                  <tr key={`${error.row}-${index}`}>
                    <th scope="row" className={css.errorCell}>{error.row}</th>
                    <td className={css.errorCell}>{error.name}</td>
                    <td className={css.errorCell}>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </AppDialog>
  );
}
