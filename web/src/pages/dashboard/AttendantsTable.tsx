import { useTranslation } from "react-i18next";
import type { Attendant } from "../../api/dashboard.ts";
import * as page from "../../components/page.css.ts";
import { CellLabel } from "../../components/TableCells.tsx";
import * as css from "./dashboard.css.ts";
import { formatDuration } from "./dashboardLogic.ts";
import { RatingStars } from "./RatingStars.tsx";

/** Each attendant of the period: rating, average service time and whether they are online. */
export function AttendantsTable(
  { attendants, loading }: { attendants: Attendant[]; loading: boolean },
) {
  const { t } = useTranslation();
  return (
    <section className={css.card} aria-labelledby="dashboard-attendants">
      <h2 id="dashboard-attendants" className={css.cardTitle}>{t("dashboard.attendants.title")}</h2>
      <div className={css.tableScroller}>
        {
          /* Roles written out: a phone shows the rows as cards (page.css.ts), and a table's
            semantics do not survive a change of its display. */
        }
        <table className={page.table} role="table" aria-label={t("dashboard.attendants.table")}>
          <caption className={css.caption}>{t("dashboard.attendants.ratingLabel")}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader" className={page.columnHeader}>
                {t("dashboard.attendants.name")}
              </th>
              <th scope="col" role="columnheader" className={page.columnHeader}>
                {t("dashboard.attendants.tickets")}
              </th>
              <th scope="col" role="columnheader" className={page.columnHeader}>
                {t("dashboard.attendants.ratings")}
              </th>
              <th scope="col" role="columnheader" className={page.columnHeader}>
                {t("dashboard.attendants.avgSupportTime")}
              </th>
              <th scope="col" role="columnheader" className={page.columnHeader}>
                {t("dashboard.attendants.status")}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {attendants.length === 0
              ? (
                <tr role="row">
                  <td role="cell" colSpan={5} className={page.empty}>
                    {loading ? t("app.loading") : t("common.noRecords")}
                  </td>
                </tr>
              )
              : attendants.map((attendant) => (
                <tr key={attendant.id} role="row" className={page.row}>
                  <th scope="row" role="rowheader" className={`${page.titleCell} ${css.rowHeader}`}>
                    {attendant.name}
                  </th>
                  <td role="cell" className={page.cell}>
                    <CellLabel>{t("dashboard.attendants.tickets")}</CellLabel>
                    {attendant.tickets}
                  </td>
                  <td role="cell" className={page.cell}>
                    <CellLabel>{t("dashboard.attendants.ratings")}</CellLabel>
                    <RatingStars average={attendant.rating} />
                  </td>
                  <td role="cell" className={page.cell}>
                    <CellLabel>{t("dashboard.attendants.avgSupportTime")}</CellLabel>
                    {formatDuration(attendant.avgSupportTime)}
                  </td>
                  <td role="cell" className={page.cell}>
                    <CellLabel>{t("dashboard.attendants.status")}</CellLabel>
                    <span className={css.status}>
                      <span
                        className={attendant.online ? css.statusDot.online : css.statusDot.offline}
                        aria-hidden="true"
                      />
                      {attendant.online
                        ? t("dashboard.attendants.online")
                        : t("dashboard.attendants.offline")}
                    </span>
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
