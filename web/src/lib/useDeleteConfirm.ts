import { useState } from "react";
import { toast } from "../components/toast.ts";

/**
 * A list page's delete: the row its confirmation asks about, and what confirming does
 * (remove through the API, update the page, tell the outcome in a toast).
 */
export function useDeleteConfirm<T extends { id: number }>(
  remove: (id: number) => Promise<unknown>,
  deleted: (row: T) => void,
  doneText: string,
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id);
      deleted(deleting);
      toast.success(doneText);
    } catch (error) {
      toast.apiError(error);
    }
  };
  return { deleting, setDeleting, confirmDelete };
}
