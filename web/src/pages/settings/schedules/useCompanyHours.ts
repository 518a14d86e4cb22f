import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { WeeklyHours } from "../../../api/types.ts";
import { toast } from "../../../components/toast.ts";
import { type HoursField, validateWeek, weekFrom } from "../../../lib/weeklyHours.ts";
import { useIssues } from "../../../lib/useIssues.ts";

/** A company's weekly hours: loaded, edited, checked with the server's rules, saved. */
export function useCompanyHours(companyId: number | null) {
  const { t } = useTranslation();
  const [week, setWeek] = useState<WeeklyHours[] | null>(null);
  const [busy, setBusy] = useState(false);
  const issues = useIssues<HoursField>(() => (week ? validateWeek(week) : {}));

  useEffect(() => {
    if (companyId === null) return;
    let live = true;
    api.companies.get(companyId)
      .then((company) => live && setWeek(weekFrom(company.schedules)))
      .catch((error) => live && toast.apiError(error));
    return () => {
      live = false;
    };
  }, [companyId]);

  /** true when saved. */
  const save = async (): Promise<boolean> => {
    if (companyId === null || !week || busy) return false;
    if (!issues.check()) return false;
    setBusy(true);
    try {
      const company = await api.companies.updateSchedules(companyId, week);
      setWeek(weekFrom(company.schedules));
      toast.success(t("hours.saved"));
      return true;
    } catch (error) {
      issues.fromError(error);
      toast.apiError(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { week, setWeek, busy, save, errorOf: issues.text };
}
