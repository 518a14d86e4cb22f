import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Plan } from "../../../api/types.ts";
import { Button } from "../../../components/Button.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { Icon } from "../../../components/Icon.tsx";
import * as page from "../../../components/page.css.ts";
import { toast } from "../../../components/toast.ts";
import * as css from "../settings.css.ts";
import { PlanDialog } from "./PlanDialog.tsx";
import { PlansTable } from "./PlansTable.tsx";

/** Super users: plans with add, edit and delete. */
export function PlansTab() {
  const { t } = useTranslation();
  const [plans, setPlans] = useState<Plan[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Plan | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Plan | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPlans(await api.plans.all());
    } catch (error) {
      toast.failure(error, t("plans.errorList"));
    } finally {
      setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.plans.remove(deleting.id);
      toast.success(t("plans.deleted"));
      await load();
    } catch (error) {
      toast.failure(error, t("plans.errorOperation"));
    }
  };

  return (
    <>
      <div className={css.toolbar}>
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("plans.add")}
        </Button>
      </div>
      <div className={page.scroller}>
        <PlansTable plans={plans} loading={loading} onEdit={setEditing} onDelete={setDeleting} />
      </div>
      {editing !== undefined
        ? (
          <PlanDialog
            plan={editing}
            onClose={() => setEditing(undefined)}
            onSaved={() => void load()}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("plans.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("plans.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
      />
    </>
  );
}
