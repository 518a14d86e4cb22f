import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../api/index.ts";
import type { Flow } from "../../api/flows.ts";
import { IconButton } from "../../components/IconButton.tsx";
import { ListPage } from "../../components/ListPage.tsx";
import { toast } from "../../components/toast.ts";
import { listTexts } from "../../lib/listTexts.ts";
import { applyFlowChange, readFlowEvent } from "./flowForm.ts";
import { FlowNameDialog } from "./FlowNameDialog.tsx";

/**
 * /flowbuilders (seed 002): 'Fluxos de conversa', searched and paged; a row opens its flow
 * in the editor; per row edit name, edit flow, duplicate and delete; Ativo or Desativado.
 */
export default function FlowsPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const open = (flow: Flow) => navigate(`/flowbuilder/${flow.id}`);

  return (
    <ListPage<Flow>
      texts={listTexts(t, "flows", (row) => ({ name: row.name }))}
      load={api.flows.page}
      event="flow"
      readEvent={readFlowEvent}
      applyEvent={applyFlowChange}
      titleColumn={{
        label: t("flows.columns.name"),
        value: (row) => row.name,
        text: (row) => row.name,
      }}
      columns={[
        {
          label: t("flows.columns.status"),
          value: (row) => row.active ? t("flows.status.active") : t("flows.status.inactive"),
        },
        {
          label: t("flows.columns.version"),
          value: (row) => row.version ? String(row.version) : t("flowEditor.unpublished"),
        },
      ]}
      onRowAction={open}
      rowActions={(row, apply) => (
        <>
          <IconButton
            icon="flow"
            label={t("flows.editFlow", { name: row.name })}
            onPress={() => open(row)}
          />
          <IconButton
            icon="copy"
            label={t("flows.duplicate", { name: row.name })}
            onPress={async () => {
              try {
                apply({ action: "create", record: await api.flows.duplicate(row.id) });
                toast.success(t("flows.duplicated"));
              } catch (error) {
                toast.apiError(error);
              }
            }}
          />
        </>
      )}
      remove={api.flows.remove}
      dialog={(props) => <FlowNameDialog {...props} />}
    />
  );
}
