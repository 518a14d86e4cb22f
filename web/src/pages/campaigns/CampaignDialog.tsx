import { useEffect, useRef, useState } from "react";
import { type Key, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../api/index.ts";
import type { Campaign } from "../../api/campaigns.ts";
import { FormDialog } from "../../components/FormDialog.tsx";
import { AttachmentField } from "../../components/AttachmentField.tsx";
import { Button } from "../../components/Button.tsx";
import { DateInput, TimeInput } from "../../components/DateInput.tsx";
import { MessageVariables } from "../../components/MessageVariables.tsx";
import { type Option, SelectField } from "../../components/SelectField.tsx";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { applyAttachment, attachmentOf } from "../../lib/attachment.ts";
import type { FormState } from "../../lib/useFormDialog.ts";
import { UploadProgress } from "../contacts/UploadProgress.tsx";
import { insertAt } from "../schedules/scheduleForm.ts";
import type { CampaignVariable } from "../../../../contracts/campaigns.ts";
import {
  type CampaignField,
  type CampaignValues,
  campaignValues,
  dialogMode,
  NAME_MAX,
  toCampaignInput,
  validateCampaign,
  variantKeys,
} from "./campaignForm.ts";
import * as css from "./campaigns.css.ts";

interface Props {
  /** null: a new campaign. */
  record: Campaign | null;
  onClose: () => void;
  onSaved: (record: Campaign) => void;
}

interface Choices {
  whatsapps: Option[];
  contactLists: Option[];
  tags: Option[];
  fileLists: Option[];
  queues: Option[];
  variables: CampaignVariable[];
}

type CampaignForm = FormState<CampaignValues, CampaignField>;

/** The "Nenhuma" option's key (the form keeps "" for none). */
const NONE = "none";
const fromSelect = (key: string) => (key === NONE ? "" : key);

/** The connections, lists, tags, file lists, queues and settings' variables the form chooses from. */
function useChoices(): Choices {
  const [choices, setChoices] = useState<Choices>({
    whatsapps: [],
    contactLists: [],
    tags: [],
    fileLists: [],
    queues: [],
    variables: [],
  });
  useEffect(() => {
    let current = true;
    const named = (rows: { id: number; name: string }[]) =>
      rows.map((row) => ({ id: String(row.id), label: row.name }));
    Promise.all([
      api.whatsapps.list(),
      api.contactLists.list(),
      api.tags.list(),
      api.files.list(),
      api.queues.list(),
      api.campaignSettings.get(),
    ]).then(([whatsapps, contactLists, tags, fileLists, queues, settings]) => {
      if (!current) return;
      setChoices({
        whatsapps: named(whatsapps),
        contactLists: named(contactLists),
        tags: named(tags),
        fileLists: named(fileLists),
        queues: named(queues),
        variables: settings.variables,
      });
    }, (error) => toast.apiError(error));
    return () => {
      current = false;
    };
  }, []);
  return choices;
}

/** The campaign's add/edit dialog; read-only once it can no longer change (seed 002 section 4). */
export function CampaignDialog({ record, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const choices = useChoices();
  const mode = dialogMode(record);
  const readOnly = mode === "readOnly";
  const [tab, setTab] = useState<Key>("message1");
  const [attachment, setAttachment] = useState(() => attachmentOf(record?.mediaName));
  const [upload, setUpload] = useState<number | null>(null);
  const restartAfter = useRef(false);
  // Saved before its file: if the upload fails, saving again updates it, not a second one.
  const saved = useRef<Campaign | null>(record);
  const messageRefs = useRef<(HTMLTextAreaElement | null)[]>([]);

  const save = async (values: CampaignValues) => {
    const input = toCampaignInput(values);
    const existing = saved.current;
    let result = existing
      ? await api.campaigns.update(existing.id, input)
      : await api.campaigns.create(input);
    saved.current = result;
    try {
      result = await applyAttachment(
        attachment,
        (file) => api.campaigns.attach(result.id, file, setUpload),
        () => api.campaigns.detach(result.id),
      ) ?? result;
    } finally {
      setUpload(null);
    }
    if (restartAfter.current) result = await api.campaigns.restart(result.id);
    return result;
  };

  const insertVariable = (form: CampaignForm, index: number, text: string) => {
    const { values, patch } = form;
    const element = messageRefs.current[index];
    const result = insertAt(values.messages[index], text, element ? element.selectionStart : null);
    patch({ messages: values.messages.map((m, i) => (i === index ? result.text : m)) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(result.caret, result.caret);
    });
  };

  const none = { id: NONE, label: t("campaigns.dialog.none") };
  const title = mode === "new"
    ? t("campaigns.dialog.addTitle")
    : readOnly
    ? t("campaigns.dialog.viewTitle")
    : t("campaigns.dialog.editTitle");

  return (
    <FormDialog<CampaignValues, CampaignField, Campaign>
      title={title}
      wide
      readOnly={readOnly}
      initial={() => campaignValues(record)}
      validate={(values) => validateCampaign(values, new Date(), record?.scheduledAt ?? null)}
      onInvalid={(found) => {
        restartAfter.current = false;
        if (found.message1) setTab("message1");
      }}
      onFailed={(error) => {
        restartAfter.current = false;
        // The server names the variant it refuses: show its tab.
        const field = isApiError(error) ? error.field : undefined;
        if (field && (variantKeys as readonly string[]).includes(field)) setTab(field);
      }}
      save={save}
      savedText={() => t(restartAfter.current ? "campaigns.restarted" : "campaigns.dialog.saved")}
      onSaved={onSaved}
      onClose={onClose}
      footer={({ busy, submit }) =>
        readOnly ? <Button variant="secondary" onPress={onClose}>{t("common.close")}</Button> : (
          <>
            <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
            {mode === "canceled"
              ? (
                <Button
                  variant="secondary"
                  isPending={busy && restartAfter.current}
                  onPress={() => {
                    restartAfter.current = true;
                    submit();
                  }}
                >
                  {t("campaigns.dialog.saveAndRestart")}
                </Button>
              )
              : null}
            <Button
              type="submit"
              isPending={busy && !restartAfter.current}
              onPress={() => (restartAfter.current = false)}
            >
              {t("common.save")}
            </Button>
          </>
        )}
    >
      {(form) => {
        const { values, patch, busy, issues } = form;
        return (
          <>
            {readOnly
              ? <p className={css.warning} role="status">{t("campaigns.dialog.readOnly")}</p>
              : null}
            {mode === "canceled"
              ? <p className={css.notice}>{t("campaigns.dialog.canceledNote")}</p>
              : null}
            <div className={css.row2}>
              <TextInput
                label={t("campaigns.dialog.name")}
                value={values.name}
                onChange={(name) => patch({ name })}
                error={issues.text("name")}
                maxLength={NAME_MAX}
                autoComplete="off"
                autoFocus={!readOnly}
                isDisabled={readOnly}
              />
              <SelectField
                label={t("campaigns.dialog.whatsapp")}
                options={choices.whatsapps}
                value={values.whatsappId || null}
                onChange={(whatsappId) => patch({ whatsappId })}
                error={issues.text("whatsappId")}
                isDisabled={readOnly}
              />
            </div>
            <div className={css.row2}>
              <SelectField
                label={t("campaigns.dialog.contactList")}
                options={[none, ...choices.contactLists]}
                value={values.contactListId || NONE}
                onChange={(key) => patch({ contactListId: fromSelect(key) })}
                error={issues.text("contactListId")}
                description={t("campaigns.dialog.audienceHint")}
                isDisabled={readOnly}
              />
              <SelectField
                label={t("campaigns.dialog.tag")}
                options={[none, ...choices.tags]}
                value={values.tagId || NONE}
                onChange={(key) => patch({ tagId: fromSelect(key) })}
                isDisabled={readOnly}
              />
            </div>
            <div className={css.row2}>
              <SelectField
                label={t("campaigns.dialog.fileList")}
                options={[none, ...choices.fileLists]}
                value={values.fileListId || NONE}
                onChange={(key) => patch({ fileListId: fromSelect(key) })}
                isDisabled={readOnly}
              />
              <SelectField
                label={t("campaigns.dialog.replyQueue")}
                options={[
                  { id: NONE, label: t("campaigns.dialog.replyQueueNone") },
                  ...choices.queues,
                ]}
                value={values.queueId || NONE}
                onChange={(key) => patch({ queueId: fromSelect(key) })}
                description={t("campaigns.dialog.replyQueueHint")}
                isDisabled={readOnly}
              />
            </div>
            <div className={css.row2}>
              <div className={css.row2}>
                <DateInput
                  label={t("campaigns.dialog.scheduleDate")}
                  value={values.date}
                  onChange={(date) => patch({ date })}
                  error={issues.text("scheduledAt")}
                  description={t("campaigns.dialog.scheduleHint")}
                  isDisabled={readOnly}
                />
                <TimeInput
                  label={t("campaigns.dialog.scheduleTime")}
                  value={values.time}
                  onChange={(time) => patch({ time })}
                  isDisabled={readOnly}
                />
              </div>
            </div>
            <Tabs className={css.tabs} selectedKey={tab} onSelectionChange={setTab}>
              <TabList aria-label={t("campaigns.dialog.messages")} className={css.tabList}>
                {variantKeys.map((key, index) => (
                  <Tab key={key} id={key} className={css.tab}>
                    {t("campaigns.dialog.messageTab", { n: index + 1 })}
                  </Tab>
                ))}
              </TabList>
              {variantKeys.map((key, index) => (
                <TabPanel key={key} id={key} className={css.tabPanel}>
                  <TextAreaField
                    rows={5}
                    label={t("campaigns.dialog.message", { n: index + 1 })}
                    value={values.messages[index]}
                    onChange={(text) =>
                      patch({ messages: values.messages.map((m, i) => (i === index ? text : m)) })}
                    error={issues.text(key)}
                    description={t("campaigns.dialog.messageHint")}
                    isDisabled={readOnly}
                    inputRef={(element) => {
                      messageRefs.current[index] = element;
                    }}
                  />
                  {readOnly ? null : (
                    <MessageVariables
                      campaign={choices.variables}
                      onInsert={(text) => insertVariable(form, index, text)}
                    />
                  )}
                </TabPanel>
              ))}
            </Tabs>
            <AttachmentField
              value={attachment}
              onChange={setAttachment}
              isDisabled={readOnly || busy}
            />
            {upload !== null
              ? <UploadProgress label={t("campaigns.dialog.uploading")} fraction={upload} />
              : null}
          </>
        );
      }}
    </FormDialog>
  );
}
