import { useTranslation } from "react-i18next";
import type { Company } from "../../../api/types.ts";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { WeeklyHoursEditor } from "../../../components/WeeklyHoursEditor.tsx";
import { useCompanyHours } from "../schedules/useCompanyHours.ts";

interface Props {
  company: Company;
  onClose: () => void;
}

/** A super user sets another company's weekly hours (PUT /companies/:id/schedules). */
export function CompanyHoursDialog({ company, onClose }: Props) {
  const { t } = useTranslation();
  const hours = useCompanyHours(company.id);
  return (
    <AppDialog
      title={t("hours.companyTitle", { name: company.name })}
      isOpen
      wide
      onClose={onClose}
      busy={hours.busy}
      onSubmit={async () => {
        if (await hours.save()) onClose();
      }}
    >
      {hours.week
        ? <WeeklyHoursEditor week={hours.week} onChange={hours.setWeek} errorOf={hours.errorOf} />
        : <PageLoader />}
    </AppDialog>
  );
}
