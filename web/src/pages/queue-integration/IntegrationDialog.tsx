import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Flow } from "../../api/flows.ts";
import {
  INTEGRATION_LANGUAGES,
  INTEGRATION_TYPES,
  type IntegrationLanguage,
  type IntegrationType,
  type QueueIntegration,
} from "../../api/queueIntegrations.ts";
import { Button } from "../../components/Button.tsx";
import { FormDialog } from "../../components/FormDialog.tsx";
import { NumberInput } from "../../components/NumberInput.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { errorMessage, toast } from "../../components/toast.ts";
import {
  initialValues,
  type IntegrationField,
  type IntegrationValues,
  NAME_MAX,
  newSigningKey,
  toIntegrationInput,
  validateIntegration,
} from "./integrationForm.ts";
import * as css from "./queueIntegration.css.ts";

interface Props {
  /** null: a new integration. */
  record: QueueIntegration | null;
  /** The page follows the save through company-{c}-queueIntegration. */
  onClose: () => void;
}

/** The integration dialog: the type's own fields, credentials typed anew or kept, Dialogflow's test. */
export function IntegrationDialog({ record, onClose }: Props) {
  const { t } = useTranslation();
  const [flows, setFlows] = useState<Flow[] | null>(null);
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState("");

  useEffect(() => {
    let live = true;
    api.flows.all().then((all) => live && setFlows(all), () => live && setFlows([]));
    return () => {
      live = false;
    };
  }, []);

  const save = (values: IntegrationValues) => {
    const input = toIntegrationInput(values);
    return record
      ? api.queueIntegrations.update(record.id, input)
      : api.queueIntegrations.create(input);
  };

  const test = async (values: IntegrationValues) => {
    setTesting(true);
    setOutcome("");
    try {
      const answer = await api.queueIntegrations.testSession({
        projectName: values.projectName.trim(),
        jsonContent: values.jsonContent.trim() || values.savedJson,
        language: values.language,
        id: record?.id,
      });
      toast.success(t("queueIntegrations.dialog.testSuccess"));
      setOutcome(
        answer.messages.length
          ? t("queueIntegrations.dialog.testAnswer", { messages: answer.messages.join(" / ") })
          : t("queueIntegrations.dialog.testNoAnswer"),
      );
    } catch (error) {
      toast.apiError(error);
      setOutcome(errorMessage(error));
    } finally {
      setTesting(false);
    }
  };

  const typeOptions = INTEGRATION_TYPES.map((id) => ({
    id,
    label: t(`queueIntegrations.types.${id}`),
  }));
  const languageOptions = INTEGRATION_LANGUAGES.map((id) => ({
    id,
    label: t(`queueIntegrations.languages.${id}`),
  }));
  const savedHint = (
    mask: string,
  ) => (mask ? t("queueIntegrations.dialog.credentialSaved", { mask }) : undefined);

  return (
    <FormDialog<IntegrationValues, IntegrationField, QueueIntegration>
      title={record
        ? t("queueIntegrations.dialog.editTitle")
        : t("queueIntegrations.dialog.addTitle")}
      wide
      initial={() => initialValues(record)}
      validate={validateIntegration}
      conflicts={{
        ERR_QUEUE_INTEGRATION_NAME_EXISTS: "name",
        ERR_DIALOGFLOW_CREDENTIALS: "jsonContent",
      }}
      save={save}
      savedText={record
        ? t("queueIntegrations.dialog.edited")
        : t("queueIntegrations.dialog.added")}
      onClose={onClose}
    >
      {({ values, patch, field }) => {
        const type = values.type;
        const setType = (next: string) => {
          const signed = next === "n8n" || next === "webhook";
          // A new key shown before saving, so the admin can copy it into n8n or the receiver.
          const secret = signed && !values.secret && !values.savedSecret
            ? newSigningKey()
            : values.secret;
          patch({ type: next as IntegrationType, secret });
        };
        return (
          <>
            <SelectField
              label={t("queueIntegrations.dialog.type")}
              options={typeOptions}
              value={type}
              onChange={setType}
              isRequired
            />
            <TextInput
              label={t("queueIntegrations.dialog.name")}
              {...field("name")}
              maxLength={NAME_MAX}
              autoComplete="off"
              autoFocus
              isRequired
            />
            {type === "dialogflow"
              ? (
                <>
                  <TextInput
                    label={t("queueIntegrations.dialog.projectName")}
                    {...field("projectName")}
                    isRequired
                  />
                  <SelectField
                    label={t("queueIntegrations.dialog.language")}
                    options={languageOptions}
                    value={values.language}
                    onChange={(language) => patch({ language: language as IntegrationLanguage })}
                  />
                  <TextAreaField
                    label={t("queueIntegrations.dialog.jsonContent")}
                    {...field("jsonContent")}
                    description={savedHint(values.savedJson) ??
                      t("queueIntegrations.dialog.jsonContentHint")}
                    rows={5}
                  />
                  <div className={css.testRow}>
                    <Button
                      variant="secondary"
                      isDisabled={testing || !values.projectName.trim() ||
                        !(values.jsonContent.trim() || values.savedJson)}
                      onPress={() => void test(values)}
                    >
                      {testing
                        ? t("queueIntegrations.dialog.testing")
                        : t("queueIntegrations.dialog.test")}
                    </Button>
                    <p className={css.testOutcome} role="status" aria-live="polite">{outcome}</p>
                  </div>
                </>
              )
              : null}
            {type === "n8n" || type === "webhook"
              ? (
                <>
                  <TextInput
                    label={t("queueIntegrations.dialog.urlN8N")}
                    type="url"
                    {...field("urlN8N")}
                    isRequired
                  />
                  <div className={css.secretRow}>
                    <TextInput
                      label={t("queueIntegrations.dialog.secret")}
                      value={values.secret}
                      onChange={(secret) => patch({ secret })}
                      description={savedHint(values.savedSecret) ??
                        t("queueIntegrations.dialog.secretHint")}
                      autoComplete="off"
                    />
                    <Button variant="secondary" onPress={() => patch({ secret: newSigningKey() })}>
                      {t("queueIntegrations.dialog.generate")}
                    </Button>
                  </div>
                </>
              )
              : null}
            {type === "typebot"
              ? (
                <>
                  <TextInput
                    label={t("queueIntegrations.dialog.typebotUrl")}
                    type="url"
                    {...field("urlN8N")}
                    isRequired
                  />
                  <TextInput
                    label={t("queueIntegrations.dialog.typebotSlug")}
                    {...field("typebotSlug")}
                    isRequired
                  />
                  <NumberInput
                    label={t("queueIntegrations.dialog.typebotExpires")}
                    value={values.typebotExpires}
                    onChange={(typebotExpires) => patch({ typebotExpires })}
                    minValue={0}
                    maxValue={43_200}
                  />
                  <NumberInput
                    label={t("queueIntegrations.dialog.typebotDelayMessage")}
                    value={values.typebotDelayMessage}
                    onChange={(typebotDelayMessage) => patch({ typebotDelayMessage })}
                    minValue={0}
                    maxValue={60_000}
                    step={100}
                  />
                  <TextInput
                    label={t("queueIntegrations.dialog.typebotKeywordFinish")}
                    {...field("typebotKeywordFinish")}
                  />
                  <TextInput
                    label={t("queueIntegrations.dialog.typebotKeywordRestart")}
                    {...field("typebotKeywordRestart")}
                  />
                  <TextInput
                    label={t("queueIntegrations.dialog.typebotRestartMessage")}
                    {...field("typebotRestartMessage")}
                  />
                  <TextInput
                    label={t("queueIntegrations.dialog.typebotUnknownMessage")}
                    {...field("typebotUnknownMessage")}
                  />
                </>
              )
              : null}
            {type === "flowbuilder"
              ? (
                <SelectField
                  label={t("queueIntegrations.dialog.flow")}
                  options={(flows ?? []).map((f) => ({ id: String(f.id), label: f.name }))}
                  value={values.flowId === null ? null : String(values.flowId)}
                  onChange={(id) => patch({ flowId: Number(id) })}
                  error={field("flowId").error}
                  description={flows && flows.length === 0
                    ? t("queueIntegrations.dialog.noFlows")
                    : undefined}
                  isRequired
                />
              )
              : null}
          </>
        );
      }}
    </FormDialog>
  );
}
