import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Prompt } from "../../api/prompts.ts";
import { company } from "../../app/session.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { toast } from "../../components/toast.ts";
import * as page from "../../components/page.css.ts";
import { PromptDialog } from "./PromptDialog.tsx";
import { PromptsTable } from "./PromptsTable.tsx";
import { usePrompts } from "./usePrompts.ts";

/** /prompts (admins, plan flag useOpenAi): the company's AI agents. */
export default function PromptsPage() {
  useSignals();
  const { t } = useTranslation();
  const prompts = usePrompts(company.value?.id ?? null);
  /** undefined: closed; null: adding; a number: editing that agent. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Prompt | null>(null);

  // The spec shows the deletion's answer as an info toast (in the interface's language).
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await api.prompts.remove(deleting.id);
      prompts.apply({ action: "delete", id: deleting.id });
      toast.info(t("prompts.deleted"));
    } catch (error) {
      toast.apiError(error);
    }
  };

  return (
    <div className={page.page}>
      <PageHeader title={t("prompts.title")}>
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("prompts.add")}
        </Button>
      </PageHeader>
      <div className={page.scroller}>
        <PromptsTable
          prompts={prompts.list}
          loading={prompts.loading}
          onEdit={(prompt) => setEditing(prompt.id)}
          onDelete={setDeleting}
        />
      </div>
      {editing !== undefined
        ? (
          <PromptDialog
            prompt={editing === null ? null : prompts.list.find((p) => p.id === editing) ?? null}
            onClose={() => setEditing(undefined)}
            onSaved={(prompt, created) =>
              prompts.apply({ action: created ? "create" : "update", record: prompt })}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("prompts.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("prompts.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
