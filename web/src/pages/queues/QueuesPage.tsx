import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Queue } from "../../api/queues.ts";
import { company } from "../../app/session.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { QueueDialog } from "./QueueDialog.tsx";
import { QueuesTable } from "./QueuesTable.tsx";
import { useQueues } from "./useQueues.ts";

/** /queues (admins): the company's queues, their hours and option menus. */
export default function QueuesPage() {
  useSignals();
  const { t } = useTranslation();
  const queues = useQueues(company.value?.id ?? null);
  /** undefined: closed; null: adding; a number: editing that queue. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<Queue>(
    api.queues.remove,
    (row) => queues.apply({ action: "delete", id: row.id }),
    t("queues.deleted"),
  );

  return (
    <div className={page.page}>
      <PageHeader title={t("queues.title")}>
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("queues.add")}
        </Button>
      </PageHeader>
      <div className={page.scroller}>
        <QueuesTable
          queues={queues.list}
          loading={queues.loading}
          onEdit={(queue) => setEditing(queue.id)}
          onDelete={setDeleting}
        />
      </div>
      {editing !== undefined
        ? (
          <QueueDialog
            // A new queue keeps its dialog open once saved: same component, now editing it.
            queueId={editing}
            queues={queues.list}
            onClose={() => setEditing(undefined)}
            onSaved={(queue, created) => {
              queues.apply({ action: created ? "create" : "update", record: queue });
              if (created) setEditing(queue.id);
            }}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("queues.deleteTitle")}
        message={t("queues.deleteMessage", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
