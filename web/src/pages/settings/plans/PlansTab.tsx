import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Plan } from "../../../api/types.ts";
import { Button } from "../../../components/Button.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { Icon } from "../../../components/Icon.tsx";
import * as page from "../../../components/page.css.ts";
import * as css from "../settings.css.ts";
import { useSettingsList } from "../useSettingsList.ts";
import { PlanDialog } from "./PlanDialog.tsx";
import { PlansTable } from "./PlansTable.tsx";

/** Super users: plans with add, edit and delete. */
export function PlansTab() {
  const { t } = useTranslation();
  const { rows: plans, loading, load, editing, setEditing, deleting, setDeleting, confirmDelete } = useSettingsList<Plan>(
    "plans",
    () => api.plans.all(),
    (id) => api.plans.remove(id),
  );

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
        onConfirm={confirmDelete}
      />
    </>
  );
}
