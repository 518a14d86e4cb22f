import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Plan } from "../../api/types.ts";
import { toast } from "../../components/toast.ts";

/** Plans offered on the signup page (GET /plans/list, no session needed). */
export function usePublicPlans(): Plan[] {
  const { t } = useTranslation();
  const [plans, setPlans] = useState<Plan[]>([]);
  useEffect(() => {
    let live = true;
    api.plans.publicList()
      .then((list) => live && setPlans(list))
      .catch(() => live && toast.error(t("signup.plansError")));
    return () => {
      live = false;
    };
  }, [t]);
  return plans;
}
