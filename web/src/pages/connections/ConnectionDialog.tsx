import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../api/index.ts";
import type { QueueRef } from "../../api/types.ts";
import type { Provider, Whatsapp } from "../../api/whatsapps.ts";
import type { Flow } from "../../api/flows.ts";
import { campaignsAreaOpen, campaignsShown } from "../../app/campaignsFlag.ts";
import { plan, settingValue } from "../../app/session.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import { MultiSelectField } from "../../components/MultiSelectField.tsx";
import { NumberInput } from "../../components/NumberInput.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { AgentField } from "../prompts/AgentField.tsx";
import { IntegrationField } from "../queue-integration/IntegrationField.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { errorMessage, toast } from "../../components/toast.ts";
import { useIssues } from "../../lib/useIssues.ts";
import { FormSection } from "../../components/FormSection.tsx";
import { MessageVariables } from "../../components/MessageVariables.tsx";
import {
  type ConnectionField,
  type ConnectionSection,
  type ConnectionValues,
  initialValues,
  sectionsOf,
  toWhatsappInput,
  validateConnection,
} from "./connectionForm.ts";
import * as css from "./connections.css.ts";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { TokenField } from "./TokenField.tsx";
import { WeeklyHoursEditor } from "../../components/WeeklyHoursEditor.tsx";
import { hoursField } from "../../lib/weeklyHours.ts";
import type { WeeklyHours } from "../../api/types.ts";

interface Props {
  /** null: add a connection. */
  whatsappId: number | null;
  onClose: () => void;
  onSaved: (whatsapp: Whatsapp) => void;
}

/** Server codes shown under a field as well as in the toast. */
const FIELD_OF_CODE: Record<string, ConnectionField> = {
  ERR_WAPP_GREETING_REQUIRED: "greetingMessage",
  ERR_WAPP_NAME_EXISTS: "name",
  ERR_NO_QUEUE_INTEGRATION_FOUND: "integrationId",
};

/**
 * Whose hours decide when the out-of-hours message goes (setting scheduleType): the
 * connection's message serves the company's hours; each queue has its own message.
 */
const hoursMode = (scheduleType: string | undefined) =>
  scheduleType === "company" || scheduleType === "queue" ? scheduleType : "disabled";

/** The week's time fields, as the form and the server name them. */
const weekFields = (week: readonly WeeklyHours[]) =>
  week.flatMap((_, index) => [hoursField(index, "startTime"), hoursField(index, "endTime")]);

/**
 * Add or edit a connection: every field of seed 001 section 3. The essentials come first;
 * messages, hours, timers and number lists are folded sections.
 */
export function ConnectionDialog({ whatsappId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const editing = whatsappId !== null;
  const [original, setOriginal] = useState<Whatsapp | null>(null);
  const [loading, setLoading] = useState(editing);
  const [values, setValues] = useState<ConnectionValues>(() => initialValues(null));
  const [queues, setQueues] = useState<QueueRef[]>([]);
  /** The flows to start, offered only where the flows area is open (its pages exist). */
  const flowsOpen = campaignsAreaOpen(plan.value, campaignsShown.value);
  const [flows, setFlows] = useState<Flow[]>([]);
  const [busy, setBusy] = useState(false);
  const issues = useIssues<ConnectionField>(() => validateConnection(values));
  const [expanded, setExpanded] = useState<ReadonlySet<ConnectionSection>>(new Set());
  /** A section holding an error opens, so the focus can reach its field. */
  const expand = (fields: Iterable<string>) =>
    setExpanded((previous) => new Set([...previous, ...sectionsOf(fields)]));
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const patch = (next: Partial<ConnectionValues>) =>
    setValues((previous) => ({ ...previous, ...next }));

  useEffect(() => {
    let live = true;
    api.lists.queues()
      .then((list) => live && setQueues(list))
      .catch((error) => live && toast.apiError(error));
    if (flowsOpen) {
      api.flows.all()
        .then((list) => live && setFlows(list))
        .catch((error) => live && toast.apiError(error));
    }
    if (whatsappId !== null) {
      api.whatsapps.get(whatsappId)
        .then((whatsapp) => {
          if (!live) return;
          setOriginal(whatsapp);
          setValues(initialValues(whatsapp));
          setLoading(false);
        })
        .catch((error) => {
          if (!live) return;
          toast.apiError(error);
          closeRef.current();
        });
    }
    return () => {
      live = false;
    };
  }, [whatsappId, flowsOpen]);

  const submit = async () => {
    if (busy || loading) return;
    if (!issues.check()) {
      expand(Object.keys(validateConnection(values)));
      return;
    }
    setBusy(true);
    try {
      const input = toWhatsappInput(values, original);
      const saved = original
        ? await api.whatsapps.update(original.id, input)
        : await api.whatsapps.create(input);
      toast.success(t("connections.toasts.saved"));
      onSaved(saved);
      onClose();
    } catch (error) {
      issues.fromError(error);
      const field = isApiError(error) ? FIELD_OF_CODE[error.code] : undefined;
      if (field) issues.setServer(field, errorMessage(error));
      const named = field ?? (isApiError(error) ? error.field : undefined);
      if (named) expand([named]);
      toast.apiError(error);
      setBusy(false);
    }
  };

  const flowOptions = [
    { id: "", label: t("flows.connection.none") },
    ...flows.map((flow) => ({ id: String(flow.id), label: flow.name })),
  ];
  const queueOptions = queues.map((queue) => ({ id: String(queue.id), label: queue.name }));
  const minutes = (
    field: "expiresTicket" | "timeUseBotQueues" | "timeToTransfer" | "maxUseBotQueues",
  ) => (
    <NumberInput
      label={t(`connections.form.${field}`)}
      description={field === "timeToTransfer" ? undefined : t(`connections.form.${field}Hint`)}
      value={values[field]}
      minValue={0}
      onChange={(value) => patch({ [field]: value })}
    />
  );
  const message = (
    field:
      | "greetingMessage"
      | "complationMessage"
      | "outOfHoursMessage"
      | "ratingMessage"
      | "farewellMessage"
      | "handoverMessage"
      | "expiresInactiveMessage",
    error?: string | null,
    description?: string,
  ) => (
    <TextAreaField
      label={t(`connections.form.${field}`)}
      value={values[field]}
      onChange={(value) => patch({ [field]: value })}
      error={error}
      description={description}
    />
  );

  const section = (
    id: ConnectionSection,
    title: string,
    fields: readonly ConnectionField[],
    children: ReactNode,
  ) => (
    <FormSection
      title={title}
      isExpanded={expanded.has(id)}
      onExpandedChange={(open) =>
        setExpanded((previous) => {
          const next = new Set(previous);
          if (open) next.add(id);
          else next.delete(id);
          return next;
        })}
      hasError={fields.some((field) => issues.text(field))}
      errorLabel={t("polish.sectionHasErrors")}
    >
      {children}
    </FormSection>
  );

  return (
    <AppDialog
      title={editing ? t("connections.form.editTitle") : t("connections.form.addTitle")}
      isOpen
      wide
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isPending={busy} isDisabled={loading}>
            {editing ? t("common.save") : t("common.add")}
          </Button>
        </>
      }
    >
      {loading ? <PageLoader /> : (
        <>
          <div className={css.formGrid}>
            <TextInput
              label={t("connections.form.name")}
              value={values.name}
              onChange={(name) => patch({ name })}
              error={issues.text("name")}
              maxLength={50}
              autoFocus
            />
            {editing
              ? (
                <TextInput
                  label={t("connections.form.provider")}
                  value={t(`connections.provider.${values.provider}`)}
                  onChange={() => {}}
                  isDisabled
                />
              )
              : (
                <SelectField
                  label={t("connections.form.provider")}
                  options={(["baileys", "sandbox"] as const).map((provider) => ({
                    id: provider,
                    label: t(`connections.provider.${provider}Option`),
                  }))}
                  value={values.provider}
                  onChange={(provider) => patch({ provider: provider as Provider })}
                />
              )}
            <div className={css.switchRow}>
              <SwitchField
                label={t("connections.form.isDefault")}
                isSelected={values.isDefault}
                onChange={(isDefault) => patch({ isDefault })}
              />
            </div>
          </div>
          {values.provider === "sandbox"
            ? <p className={css.hint}>{t("connections.provider.sandboxHint")}</p>
            : null}

          <MultiSelectField
            label={t("connections.form.queues")}
            placeholder={t("connections.form.queuesPlaceholder")}
            options={queueOptions}
            value={values.queueIds}
            onChange={(queueIds) => patch({ queueIds })}
          />

          {section(
            "messages",
            t("connections.form.messages"),
            ["greetingMessage"],
            <>
              <MessageVariables />
              <div className={css.formGridWide}>
                {message("greetingMessage", issues.text("greetingMessage"))}
                {message("complationMessage", null, t("connections.form.complationMessageHint"))}
                {message("ratingMessage")}
                {message("farewellMessage", null, t("connections.form.farewellMessageHint"))}
                {message("handoverMessage", null, t("connections.form.handoverMessageHint"))}
                {message("expiresInactiveMessage")}
              </div>
            </>,
          )}

          {section(
            "hours",
            t("hours.title"),
            values.ownHours ? weekFields(values.schedules) : [],
            <>
              <p className={css.hint}>
                {t(`hours.connection.${hoursMode(settingValue("scheduleType"))}`)}
              </p>
              <SwitchField
                label={t("hours.connection.own")}
                description={t("hours.connection.ownHint")}
                isSelected={values.ownHours}
                onChange={(ownHours) => patch({ ownHours })}
              />
              {values.ownHours
                ? (
                  <WeeklyHoursEditor
                    week={values.schedules}
                    onChange={(schedules) => patch({ schedules })}
                    errorOf={issues.text}
                  />
                )
                : null}
              <div className={css.formGridWide}>{message("outOfHoursMessage")}</div>
            </>,
          )}

          {section(
            "timers",
            t("connections.form.automation"),
            ["promptId", "integrationId"],
            <>
              <div className={css.formGrid}>
                {minutes("expiresTicket")}
                {minutes("maxUseBotQueues")}
                {minutes("timeUseBotQueues")}
              </div>
              <div className={css.formGrid}>
                <SelectField
                  label={t("connections.form.transferQueue")}
                  options={[
                    { id: "", label: t("connections.form.noQueue") },
                    ...queueOptions,
                  ]}
                  value={values.transferQueueId}
                  onChange={(transferQueueId) => patch({ transferQueueId })}
                />
                {minutes("timeToTransfer")}
              </div>
              <div className={css.formGrid}>
                <AgentField
                  value={values.promptId}
                  onChange={(promptId) => patch({ promptId })}
                  hint={t("agents.connectionHint")}
                  error={issues.text("promptId")}
                />
                <IntegrationField
                  value={values.integrationId}
                  onChange={(integrationId) => patch({ integrationId })}
                  hint={t("integrationsAtWork.connectionHint")}
                  error={issues.text("integrationId")}
                />
              </div>
            </>,
          )}

          {flowsOpen
            ? section(
              "flows",
              t("flows.connection.section"),
              [],
              <div className={css.formGrid}>
                <SelectField
                  label={t("flows.connection.welcome")}
                  description={t("flows.connection.welcomeHint")}
                  options={flowOptions}
                  value={values.flowIdWelcome}
                  onChange={(flowIdWelcome) => patch({ flowIdWelcome })}
                />
                <SelectField
                  label={t("flows.connection.notPhrase")}
                  description={t("flows.connection.notPhraseHint")}
                  options={flowOptions}
                  value={values.flowIdNotPhrase}
                  onChange={(flowIdNotPhrase) => patch({ flowIdNotPhrase })}
                />
              </div>,
            )
            : null}

          {section(
            "lists",
            t("connections.form.filters"),
            ["whitelist", "blacklist"],
            <div className={css.formGridWide}>
              <TextInput
                label={t("connections.form.whitelist")}
                value={values.whitelist}
                onChange={(whitelist) => patch({ whitelist })}
                error={issues.text("whitelist")}
                description={t("connections.form.numbersHint")}
                placeholder="5511999998888;5521988887777"
              />
              <TextInput
                label={t("connections.form.blacklist")}
                value={values.blacklist}
                onChange={(blacklist) => patch({ blacklist })}
                error={issues.text("blacklist")}
                description={t("connections.form.numbersHint")}
                placeholder="5511999998888;5521988887777"
              />
            </div>,
          )}

          {original
            ? (
              <>
                <h3 className={css.sectionTitle}>{t("connections.form.api")}</h3>
                <TokenField
                  whatsapp={original}
                  onRegenerated={(updated) => {
                    setOriginal(updated);
                    onSaved(updated);
                  }}
                />
              </>
            )
            : null}
        </>
      )}
    </AppDialog>
  );
}
