import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/toast.ts";

/**
 * A super user's settings list (plans, helps): loaded whole, one row edited (null: a new
 * one) or asked about for deletion, with the spec's toasts named under `area`
 * (errorList, deleted, errorOperation).
 */
export function useSettingsList<T extends { id: number }>(
  area: string,
  list: () => Promise<T[]>,
  remove: (id: number) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<T | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await list());
    } catch (error) {
      toast.failure(error, t(`${area}.errorList`));
    } finally {
      setLoading(false);
    }
    // list is the API client's call, the same for the page's life: not a dependency.
  }, [t, area]);

  useEffect(() => {
    void load();
  }, [load]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id);
      toast.success(t(`${area}.deleted`));
      await load();
    } catch (error) {
      toast.failure(error, t(`${area}.errorOperation`));
    }
  };

  return { rows, loading, load, editing, setEditing, deleting, setDeleting, confirmDelete };
}
