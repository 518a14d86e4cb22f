import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import { FLOW_MATCHES, type FlowCampaign } from "../../api/flows.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import type { RecordDialogProps } from "../../components/ListPage.tsx";
import { type Option, SelectField } from "../../components/SelectField.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import {
  type PhraseField,
  type PhraseValues,
  phraseValues,
  toPhraseInput,
  validatePhrase,
} from "./phraseForm.ts";

/** The flow campaign dialog: name, flow, connection, phrase and how it matches; status when editing. */
export function PhraseDialog({ record, onClose, onSaved }: RecordDialogProps<FlowCampaign>) {
  const { t } = useTranslation();
  const [flows, setFlows] = useState<Option[]>([]);
  const [connections, setConnections] = useState<Option[]>([]);

  useEffect(() => {
    let live = true;
    Promise.all([api.flows.all(), api.whatsapps.list()]).then(([flows, whatsapps]) => {
      if (!live) return;
      setFlows(flows.map((flow) => ({ id: String(flow.id), label: flow.name })));
      setConnections(whatsapps.map((w) => ({ id: String(w.id), label: w.name })));
    }, toast.apiError);
    return () => {
      live = false;
    };
  }, []);

  const matches = FLOW_MATCHES.map((match) => ({
    id: match,
    label: t(`flows.phrases.dialog.matches.${match}`),
  }));

  return (
    <FormDialog<PhraseValues, PhraseField, FlowCampaign>
      title={record ? t("flows.phrases.dialog.editTitle") : t("flows.phrases.dialog.addTitle")}
      initial={() => phraseValues(record)}
      validate={validatePhrase}
      save={(values) =>
        record
          ? api.flowCampaigns.update(record.id, toPhraseInput(values))
          : api.flowCampaigns.create(toPhraseInput(values))}
      savedText={t("flows.phrases.dialog.saved")}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <>
          <TextInput
            label={t("flows.phrases.dialog.name")}
            {...form.field("name")}
            autoComplete="off"
            autoFocus
          />
          <SelectField
            label={t("flows.phrases.dialog.flow")}
            options={flows}
            {...form.field("flowId")}
            isRequired
          />
          <SelectField
            label={t("flows.phrases.dialog.connection")}
            options={connections}
            {...form.field("whatsappId")}
            isRequired
          />
          <TextInput
            label={t("flows.phrases.dialog.phrase")}
            {...form.field("phrase")}
            autoComplete="off"
          />
          <SelectField
            label={t("flows.phrases.dialog.match")}
            options={matches}
            value={form.values.match}
            onChange={(match) =>
              form.patch({ match: FLOW_MATCHES.find((m) => m === match) ?? "equals" })}
            description={t("flows.phrases.dialog.matchHint")}
          />
          {record
            ? <SwitchField label={t("flows.phrases.dialog.status")} {...form.toggle("status")} />
            : null}
        </>
      )}
    </FormDialog>
  );
}
