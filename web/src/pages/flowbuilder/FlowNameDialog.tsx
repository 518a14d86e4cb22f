import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Flow } from "../../api/flows.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import type { RecordDialogProps } from "../../components/ListPage.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { FLOW_NAME_MAX, type FlowField, validateFlowName } from "./flowForm.ts";

/** Adds a flow by its name, or renames one (and turns it on or off). */
export function FlowNameDialog({ record, onClose, onSaved }: RecordDialogProps<Flow>) {
  const { t } = useTranslation();
  return (
    <FormDialog<{ name: string; active: boolean }, FlowField, Flow>
      title={record ? t("flows.dialog.editTitle") : t("flows.dialog.addTitle")}
      initial={() => ({ name: record?.name ?? "", active: record?.active ?? true })}
      validate={validateFlowName}
      conflicts={{ ERR_FLOW_NAME_EXISTS: "name" }}
      save={({ name, active }) =>
        record
          ? api.flows.update(record.id, { name: name.trim(), active })
          : api.flows.create(name.trim())}
      savedText={t("flows.dialog.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <>
          <TextInput
            label={t("flows.dialog.name")}
            {...form.field("name")}
            maxLength={FLOW_NAME_MAX}
            autoComplete="off"
            autoFocus
          />
          {record
            ? <SwitchField label={t("flows.dialog.active")} {...form.toggle("active")} />
            : null}
        </>
      )}
    </FormDialog>
  );
}
