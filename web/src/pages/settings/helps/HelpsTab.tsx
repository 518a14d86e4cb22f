import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Help } from "../../../api/helps.ts";
import { api } from "../../../api/index.ts";
import { Button } from "../../../components/Button.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { Icon } from "../../../components/Icon.tsx";
import * as page from "../../../components/page.css.ts";
import { toast } from "../../../components/toast.ts";
import * as css from "../settings.css.ts";
import { HelpDialog } from "./HelpDialog.tsx";
import { HelpsTable } from "./HelpsTable.tsx";

/** Super users: the help videos with add, edit and delete (no thumbnails here: the host is called on /helps only). */
export function HelpsTab() {
  const { t } = useTranslation();
  const [helps, setHelps] = useState<Help[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Help | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Help | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setHelps(await api.helps.list());
    } catch (error) {
      toast.failure(error, t("helps.errorList"));
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
      await api.helps.remove(deleting.id);
      toast.success(t("helps.deleted"));
      await load();
    } catch (error) {
      toast.failure(error, t("helps.errorOperation"));
    }
  };

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
        onConfirm={remove}
      />
    </>
  );
}
