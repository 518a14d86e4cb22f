import { useTranslation } from "react-i18next";
import type { Help } from "../../../api/helps.ts";
import { api } from "../../../api/index.ts";
import { Button } from "../../../components/Button.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { Icon } from "../../../components/Icon.tsx";
import * as page from "../../../components/page.css.ts";
import * as css from "../settings.css.ts";
import { useSettingsList } from "../useSettingsList.ts";
import { HelpDialog } from "./HelpDialog.tsx";
import { HelpsTable } from "./HelpsTable.tsx";

/** Super users: the help videos with add, edit and delete (no thumbnails here: the host is called on /helps only). */
export function HelpsTab() {
  const { t } = useTranslation();
  const { rows: helps, loading, load, editing, setEditing, deleting, setDeleting, confirmDelete } = useSettingsList<Help>(
    "helps",
    () => api.helps.list(),
    (id) => api.helps.remove(id),
  );

  return (
    <>
      <div className={css.toolbar}>
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("helps.add")}
        </Button>
      </div>
      <div className={page.scroller}>
        <HelpsTable helps={helps} loading={loading} onEdit={setEditing} onDelete={setDeleting} />
      </div>
      {editing !== undefined
        ? (
          <HelpDialog
            help={editing}
            onClose={() => setEditing(undefined)}
            onSaved={() => void load()}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("helps.deleteTitle", { title: deleting?.title ?? "" })}
        message={t("helps.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
