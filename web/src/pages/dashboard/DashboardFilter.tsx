import { Form } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import * as css from "./dashboard.css.ts";
import { type FilterMode, type FilterState, PERIOD_DAYS } from "./dashboardLogic.ts";

interface Props {
  value: FilterState;
  onChange: (next: FilterState) => void;
  onApply: () => void;
  busy: boolean;
}

const NO_PERIOD = "none";

/** Per date range or per last N days; "Filtrar" applies it. */
export function DashboardFilter({ value, onChange, onApply, busy }: Props) {
  const { t } = useTranslation();
  const patch = (next: Partial<FilterState>) => onChange({ ...value, ...next });
  const modes = [
    { id: "date", label: t("dashboard.filters.perDate") },
    { id: "period", label: t("dashboard.filters.perPeriod") },
  ];
  const periods = [
    { id: NO_PERIOD, label: t("dashboard.filters.none") },
    ...PERIOD_DAYS.map((days) => ({
      id: String(days),
      label: t("dashboard.filters.lastDays", { count: days }),
    })),
  ];
  return (
    <Form
      className={css.filterForm}
      aria-label={t("dashboard.filters.label")}
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <div className={css.filterField}>
        <SelectField
          label={t("dashboard.filters.filterType")}
          options={modes}
          value={value.mode}
          onChange={(mode) => patch({ mode: mode as FilterMode })}
        />
      </div>
      {value.mode === "date"
        ? (
          <>
            <div className={css.filterField}>
              <TextInput
                label={t("dashboard.filters.initialDate")}
                type="date"
                value={value.from}
                onChange={(from) => patch({ from })}
              />
            </div>
            <div className={css.filterField}>
              <TextInput
                label={t("dashboard.filters.finalDate")}
                type="date"
                value={value.to}
                onChange={(to) => patch({ to })}
              />
            </div>
          </>
        )
        : (
          <div className={css.filterField}>
            <SelectField
              label={t("dashboard.filters.period")}
              options={periods}
              value={value.days ? String(value.days) : NO_PERIOD}
              onChange={(days) => patch({ days: days === NO_PERIOD ? null : Number(days) })}
            />
          </div>
        )}
      <Button type="submit" isPending={busy}>{t("dashboard.filters.apply")}</Button>
    </Form>
  );
}
