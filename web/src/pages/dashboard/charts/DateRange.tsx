import { useTranslation } from "react-i18next";
import { TextInput } from "../../../components/TextInput.tsx";
import * as css from "./charts.css.ts";

interface Props {
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}

/** A chart's own start and end days. */
export function DateRange({ from, to, onFrom, onTo }: Props) {
  const { t } = useTranslation();
  return (
    <div className={css.ranges}>
      <div className={css.rangeField}>
        <TextInput label={t("dashboard.charts.start")} type="date" value={from} onChange={onFrom} />
      </div>
      <div className={css.rangeField}>
        <TextInput label={t("dashboard.charts.end")} type="date" value={to} onChange={onTo} />
      </div>
    </div>
  );
}
