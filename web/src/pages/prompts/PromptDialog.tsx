import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Prompt } from "../../api/prompts.ts";
import { company } from "../../app/session.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import { NumberInput } from "../../components/NumberInput.tsx";
import { PasswordInput } from "../../components/PasswordInput.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { useQueues } from "../queues/useQueues.ts";
import {
  initialValues,
  isMasked,
  MAX_MESSAGES,
  MAX_TOKENS,
  MODEL_SUGGESTIONS,
  NAME_MAX,
  type PromptField,
  type PromptValues,
  toPromptInput,
  validatePrompt,
} from "./promptForm.ts";
import { PromptTester } from "./PromptTester.tsx";
import { SuggestField } from "./SuggestField.tsx";
import { VoiceSection } from "./VoiceSection.tsx";
import * as css from "./prompts.css.ts";

interface Props {
  /** null: a new agent. */
  prompt: Prompt | null;
  onClose: () => void;
  onSaved: (prompt: Prompt, created: boolean) => void;
}

const VOICE_FIELDS: readonly string[] = ["voice", "voiceKey", "voiceRegion"];

/**
 * An AI agent: its prompt, the server and model it runs on, its settings, the queue it hands
 * over to, an optional voice, and a test that sends one message with the form as it stands.
 * A stored key is shown masked and replaced only when another is typed.
 */
export function PromptDialog({ prompt, onClose, onSaved }: Props) {
  useSignals();
  const { t } = useTranslation();
  const queues = useQueues(company.value?.id ?? null);
  const [voiceOpen, setVoiceOpen] = useState(Boolean(prompt?.voice));
  const storedKey = prompt?.apiKey && isMasked(prompt.apiKey) ? prompt.apiKey : "";
  return (
    <FormDialog<PromptValues, PromptField, Prompt>
      title={prompt === null ? t("prompts.form.addTitle") : t("prompts.form.editTitle")}
      wide
      initial={() => initialValues(prompt)}
      validate={validatePrompt}
      onInvalid={(found) => {
        if (Object.keys(found).some((f) => VOICE_FIELDS.includes(f))) setVoiceOpen(true);
      }}
      conflicts={{ ERR_PROMPT_NAME_EXISTS: "name" }}
      save={(values) => {
        const input = toPromptInput(values);
        return prompt === null ? api.prompts.create(input) : api.prompts.update(prompt.id, input);
      }}
      savedText={t(prompt === null ? "prompts.form.created" : "prompts.form.saved")}
      onSaved={(saved) => onSaved(saved, prompt === null)}
      onClose={onClose}
    >
      {({ values, patch, issues, field }) => (
        <>
          <TextInput
            label={t("prompts.form.name")}
            {...field("name")}
            maxLength={NAME_MAX}
            autoComplete="off"
            autoFocus
          />
          <TextAreaField
            label={t("prompts.form.prompt")}
            {...field("prompt")}
            description={t("prompts.form.promptHint")}
            rows={7}
          />
          <TextInput
            label={t("prompts.form.baseUrl")}
            {...field("baseUrl")}
            type="url"
            description={t("prompts.form.baseUrlHint")}
            placeholder="https://api.openai.com/v1"
            autoComplete="off"
            maxLength={500}
          />
          <PasswordInput
            label={t("prompts.form.apiKey")}
            {...field("apiKey")}
            description={storedKey && values.apiKey === storedKey
              ? t("prompts.form.apiKeyStored", { masked: storedKey })
              : t("prompts.form.apiKeyHint")}
            autoComplete="off"
            maxLength={500}
          />
          <SuggestField
            label={t("prompts.form.model")}
            value={values.model}
            onChange={(model) => patch({ model })}
            error={issues.text("model")}
            suggestions={MODEL_SUGGESTIONS}
            showLabel={t("prompts.form.suggestions")}
            description={t("prompts.form.modelHint")}
            maxLength={100}
          />
          <div className={css.row}>
            <NumberInput
              label={t("prompts.form.temperature")}
              {...field("temperature")}
              minValue={0}
              maxValue={1}
              step={0.1}
              fractionDigits={1}
              description={t("prompts.form.temperatureHint")}
            />
            <NumberInput
              label={t("prompts.form.topP")}
              {...field("topP")}
              minValue={0}
              maxValue={1}
              step={0.05}
              fractionDigits={2}
            />
            <NumberInput
              label={t("prompts.form.maxTokens")}
              {...field("maxTokens")}
              minValue={1}
              maxValue={MAX_TOKENS}
            />
            <NumberInput
              label={t("prompts.form.maxMessages")}
              {...field("maxMessages")}
              minValue={1}
              maxValue={MAX_MESSAGES}
            />
          </div>
          <SelectField
            label={t("prompts.form.queue")}
            options={queues.list.map((q) => ({ id: String(q.id), label: q.name }))}
            value={values.queueId || null}
            onChange={(queueId) => patch({ queueId })}
            error={issues.text("queueId")}
            description={t("prompts.form.queueHint")}
            isRequired
          />
          <VoiceSection
            voice={field("voice")}
            voiceKey={field("voiceKey")}
            voiceRegion={field("voiceRegion")}
            isExpanded={voiceOpen}
            onExpandedChange={setVoiceOpen}
          />
          <PromptTester values={values} promptId={prompt?.id ?? null} />
        </>
      )}
    </FormDialog>
  );
}
