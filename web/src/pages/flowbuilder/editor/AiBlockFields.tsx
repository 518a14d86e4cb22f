import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AI_BLOCK_LIMITS } from "../../../../../contracts/flowCheck.ts";
import type { NodeDataByType } from "../../../../../contracts/flowGraph.ts";
import { company } from "../../../app/session.ts";
import { NumberInput } from "../../../components/NumberInput.tsx";
import { PasswordInput } from "../../../components/PasswordInput.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { TextAreaField } from "../../../components/TextAreaField.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { isMasked, MODEL_SUGGESTIONS } from "../../prompts/promptForm.ts";
import { SuggestField } from "../../prompts/SuggestField.tsx";
import { VoiceSection } from "../../prompts/VoiceSection.tsx";
import { useQueues } from "../../queues/useQueues.ts";
import * as css from "./editor.css.ts";

interface Props<T extends "openai" | "typebot"> {
  data: NodeDataByType[T];
  patch: (next: Partial<NodeDataByType[T]>) => void;
  issue: (field: string) => string | null;
}

const L = AI_BLOCK_LIMITS;

/**
 * The OpenAI block: an AI agent's settings, as the AI agents' dialog has them (the spec's
 * block defaults). A stored key comes masked and is kept unless another is typed.
 */
export function OpenAiFields({ data: d, patch, issue }: Props<"openai">) {
  useSignals();
  const { t } = useTranslation();
  const queues = useQueues(company.value?.id ?? null);
  const [voiceOpen, setVoiceOpen] = useState(Boolean(d.voice || d.voiceKey));
  const stored = (value: string) =>
    isMasked(value) ? t("prompts.form.apiKeyStored", { masked: value }) : undefined;
  const bound = (field: "voice" | "voiceKey" | "voiceRegion") => ({
    value: d[field],
    onChange: (value: string) => patch({ [field]: value }),
    error: issue(field),
  });
  return (
    <>
      <p className={css.hint}>{t("flowAiBlocks.openaiHint")}</p>
      <TextInput
        label={t("prompts.form.name")}
        value={d.name}
        onChange={(name) => patch({ name })}
        error={issue("name")}
        maxLength={L.name}
        autoComplete="off"
        isRequired
      />
      <TextAreaField
        label={t("prompts.form.prompt")}
        value={d.prompt}
        onChange={(prompt) => patch({ prompt })}
        error={issue("prompt")}
        rows={7}
      />
      <TextInput
        label={t("prompts.form.baseUrl")}
        value={d.baseUrl}
        onChange={(baseUrl) => patch({ baseUrl })}
        error={issue("baseUrl")}
        type="url"
        description={t("prompts.form.baseUrlHint")}
        placeholder="https://api.openai.com/v1"
        autoComplete="off"
        maxLength={500}
      />
      <PasswordInput
        label={t("prompts.form.apiKey")}
        value={d.apiKey}
        onChange={(apiKey) => patch({ apiKey })}
        error={issue("apiKey")}
        description={stored(d.apiKey) ?? t("prompts.form.apiKeyHint")}
        autoComplete="off"
        maxLength={500}
      />
      <SuggestField
        label={t("prompts.form.model")}
        value={d.model}
        onChange={(model) => patch({ model })}
        error={issue("model")}
        suggestions={MODEL_SUGGESTIONS}
        showLabel={t("prompts.form.suggestions")}
        description={t("prompts.form.modelHint")}
        maxLength={L.model}
      />
      <div className={css.row}>
        <NumberInput
          label={t("prompts.form.temperature")}
          value={d.temperature}
          onChange={(temperature) => patch({ temperature })}
          error={issue("temperature")}
          minValue={0}
          maxValue={L.temperatureMax}
          step={0.1}
          fractionDigits={1}
        />
        <NumberInput
          label={t("prompts.form.maxTokens")}
          value={d.maxTokens}
          onChange={(maxTokens) => patch({ maxTokens })}
          error={issue("maxTokens")}
          minValue={1}
          maxValue={L.maxTokens}
        />
        <NumberInput
          label={t("prompts.form.maxMessages")}
          value={d.maxMessages}
          onChange={(maxMessages) => patch({ maxMessages })}
          error={issue("maxMessages")}
          minValue={1}
          maxValue={L.maxMessages}
        />
      </div>
      <SelectField
        label={t("prompts.form.queue")}
        options={queues.list.map((q) => ({ id: String(q.id), label: q.name }))}
        value={d.queueId === null ? null : String(d.queueId)}
        onChange={(id) => patch({ queueId: Number(id) })}
        error={issue("queueId")}
        description={t("prompts.form.queueHint")}
        isRequired
      />
      <VoiceSection
        voice={bound("voice")}
        voiceKey={bound("voiceKey")}
        voiceRegion={bound("voiceRegion")}
        keyDescription={stored(d.voiceKey)}
        isExpanded={voiceOpen}
        onExpandedChange={setVoiceOpen}
      />
    </>
  );
}

type TypebotText =
  | "typebotKeywordFinish"
  | "typebotKeywordRestart"
  | "typebotRestartMessage"
  | "typebotUnknownMessage";

/** The TypeBot block: a Typebot's address and settings, as a typebot integration has them. */
export function TypebotFields({ data: d, patch, issue }: Props<"typebot">) {
  const { t } = useTranslation();
  const K = "queueIntegrations.dialog";
  const text = (field: TypebotText, max: number) => (
    <TextInput
      label={t(`${K}.${field}`)}
      value={d[field]}
      onChange={(value) => patch({ [field]: value } as Partial<NodeDataByType["typebot"]>)}
      error={issue(field)}
      maxLength={max}
    />
  );
  return (
    <>
      <TextInput
        label={t(`${K}.typebotUrl`)}
        value={d.url}
        onChange={(url) => patch({ url })}
        error={issue("url")}
        type="url"
        isRequired
      />
      <TextInput
        label={t(`${K}.typebotSlug`)}
        value={d.typebotSlug}
        onChange={(typebotSlug) => patch({ typebotSlug })}
        error={issue("typebotSlug")}
        maxLength={200}
        isRequired
      />
      <NumberInput
        label={t(`${K}.typebotExpires`)}
        value={d.typebotExpires}
        onChange={(typebotExpires) => patch({ typebotExpires })}
        error={issue("typebotExpires")}
        minValue={0}
        maxValue={L.typebotExpiresMax}
      />
      <NumberInput
        label={t(`${K}.typebotDelayMessage`)}
        value={d.typebotDelayMessage}
        onChange={(typebotDelayMessage) => patch({ typebotDelayMessage })}
        error={issue("typebotDelayMessage")}
        minValue={0}
        maxValue={L.typebotDelayMax}
        step={100}
      />
      {text("typebotKeywordFinish", 100)}
      {text("typebotKeywordRestart", 100)}
      {text("typebotRestartMessage", 4096)}
      {text("typebotUnknownMessage", 4096)}
    </>
  );
}
