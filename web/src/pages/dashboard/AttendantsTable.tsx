import { useTranslation } from "react-i18next";
import type { Attendant } from "../../api/dashboard.ts";
import * as page from "../../components/page.css.ts";
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
        <table className={page.table} aria-label={t("dashboard.attendants.table")}>
          <caption className={css.caption}>{t("dashboard.attendants.ratingLabel")}</caption>
          <thead>
            <tr>
              <th scope="col" className={page.columnHeader}>{t("dashboard.attendants.name")}</th>
              <th scope="col" className={page.columnHeader}>{t("dashboard.attendants.tickets")}</th>
              <th scope="col" className={page.columnHeader}>{t("dashboard.attendants.ratings")}</th>
              <th scope="col" className={page.columnHeader}>
                {t("dashboard.attendants.avgSupportTime")}
              </th>
              <th scope="col" className={page.columnHeader}>{t("dashboard.attendants.status")}</th>
            </tr>
          </thead>
          <tbody>
            {attendants.length === 0
              ? (
                <tr>
                  <td colSpan={5} className={page.empty}>
                    {loading ? t("app.loading") : t("common.noRecords")}
                  </td>
                </tr>
              )
              : attendants.map((attendant) => (
                <tr key={attendant.id}>
                  <th scope="row" className={`${page.cell} ${css.rowHeader}`}>
                    {attendant.name}
                  </th>
                  <td className={page.cell}>{attendant.tickets}</td>
                  <td className={page.cell}>
                    <RatingStars average={attendant.rating} />
                  </td>
                  <td className={page.cell}>{formatDuration(attendant.avgSupportTime)}</td>
                  <td className={page.cell}>
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
