import { useSignals } from "@preact/signals-react/runtime";
import { Form } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { company } from "../../../app/session.ts";
import { Button } from "../../../components/Button.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import * as page from "../../../components/page.css.ts";
import { WeeklyHoursEditor } from "../../../components/WeeklyHoursEditor.tsx";
import * as css from "../settings.css.ts";
import { useCompanyHours } from "./useCompanyHours.ts";

/** The company's own weekly hours (shown while scheduleType is "company"). */
export function SchedulesTab() {
  useSignals();
  const { t } = useTranslation();
  const hours = useCompanyHours(company.value?.id ?? null);
  if (!hours.week) return <PageLoader />;
  return (
    <Form
      className={`${page.paper} ${css.hoursForm}`}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        void hours.save();
      }}
    >
      <p className={css.hint}>{t("hours.companyHint")}</p>
      <WeeklyHoursEditor week={hours.week} onChange={hours.setWeek} errorOf={hours.errorOf} />
      <div>
        <Button type="submit" isPending={hours.busy}>{t("common.save")}</Button>
      </div>
    </Form>
  );
}
