import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { language } from "../../app/prefs.ts";
import { Icon } from "../../components/Icon.tsx";
import { localeOf } from "../../i18n/index.ts";
import * as css from "./dashboard.css.ts";
import { ratingStars } from "./dashboardLogic.ts";
import { RATING_MAX } from "../../../../contracts/rating.ts";

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** An average rating 0..3 as stars, with the average written out (one decimal). */
export function RatingStars({ average }: { average: number }) {
  useSignals();
  const { t } = useTranslation();
  const filled = ratingStars(average);
  const value = new Intl.NumberFormat(localeOf(language.value), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(Number.isFinite(average) ? average : 0);
  const label = filled === 0
    ? t("dashboard.attendants.noRating")
    : `${t("dashboard.attendants.rating", { value })} (${t(`dashboard.ratings.${filled}`)})`;
  return (
    <span className={css.stars} role="img" aria-label={label} title={label}>
      {STARS.map((star) => (
        <span key={star} className={star <= filled ? css.star.on : css.star.off}>
          <Icon name="star" size={18} />
        </span>
      ))}
      <span className={css.ratingValue} aria-hidden="true">{value}</span>
    </span>
  );
}
