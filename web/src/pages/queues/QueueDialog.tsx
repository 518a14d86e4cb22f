import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { type Key, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../api/index.ts";
import type { Queue } from "../../api/queues.ts";
import { settingValue } from "../../app/session.ts";
import { AgentField } from "../prompts/AgentField.tsx";
import { IntegrationField } from "../queue-integration/IntegrationField.tsx";
import { MessageVariables } from "../../components/MessageVariables.tsx";
import { FormDialog } from "../../components/FormDialog.tsx";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import { WeeklyHoursEditor } from "../../components/WeeklyHoursEditor.tsx";
import * as tabs from "../settings/settings.css.ts";
import { ColorField } from "../../components/ColorField.tsx";
import { OptionTree } from "./OptionTree.tsx";
import {
  initialValues,
  isTaken,
  NAME_MAX,
  QUEUE_COLORS,
  type QueueField,
  type QueueValues,
  tabOf,
  takenColors,
  toQueueInput,
  validateQueue,
} from "./queueForm.ts";
import * as css from "./queues.css.ts";

interface Props {
  /** null: a new queue. */
  queueId: number | null;
  /** The loaded list: the queue being edited and the colours the others hold. */
  queues: Queue[];
  onClose: () => void;
  onSaved: (queue: Queue, created: boolean) => void;
}

/**
 * A queue's data, its opening hours (when the company works by queue hours, setting
 * scheduleType "queue") and its option menu. A new queue stays open once saved, so its
 * menu can be built right away.
 */
export function QueueDialog({ queueId, queues, onClose, onSaved }: Props) {
  useSignals();
  const { t } = useTranslation();
  const queue = queueId === null ? null : queues.find((entry) => entry.id === queueId) ?? null;
  const [tab, setTab] = useState<Key>("data");
  const queueHours = settingValue("scheduleType") === "queue";
  const taken = takenColors(queues, queueId);
  return (
    <FormDialog<QueueValues, QueueField, Queue>
      title={queueId === null ? t("queues.form.addTitle") : t("queues.form.editTitle")}
      wide
      cancelLabel={t("common.close")}
      initial={() => initialValues(queue)}
      validate={(values) => validateQueue(values, { taken, queueHours })}
      onInvalid={(found) => {
        const first = Object.keys(found)[0];
        if (first) setTab(tabOf(first));
        toast.error(t("queues.form.fixErrors"));
      }}
      save={(values) => {
        const input = toQueueInput(values, queueHours);
        return queueId === null ? api.queues.create(input) : api.queues.update(queueId, input);
      }}
      onFailed={(error) => setTab(tabOf(isApiError(error) && error.field ? error.field : "name"))}
      savedText={t(queueId === null ? "queues.form.created" : "queues.form.saved")}
      closeOnSave={queueId !== null}
      onSaved={(saved) => {
        onSaved(saved, queueId === null);
        if (queueId === null) setTab("options");
      }}
      onClose={onClose}
    >
      {({ values, patch, issues, field }) => (
        <>
          <Tabs className={tabs.tabs} selectedKey={tab} onSelectionChange={setTab}>
            <TabList aria-label={t("queues.form.tabs")} className={tabs.tabList}>
              <Tab id="data" className={tabs.tab}>{t("queues.form.dataTab")}</Tab>
              {queueHours
                ? <Tab id="hours" className={tabs.tab}>{t("queues.form.hoursTab")}</Tab>
                : null}
              <Tab id="options" className={tabs.tab}>{t("queues.form.optionsTab")}</Tab>
            </TabList>
            <TabPanel id="data" className={tabs.panel}>
              <TextInput
                label={t("queues.form.name")}
                {...field("name")}
                maxLength={NAME_MAX}
                autoComplete="off"
                autoFocus
              />
              <ColorField
                {...field("color")}
                colors={QUEUE_COLORS}
                paletteLabel={t("queues.form.palette")}
                codeLabel={t("queues.form.colorCode")}
                codeHint={t("queues.form.colorCodeHint")}
                maxLength={9}
                unavailable={(color) =>
                  isTaken(color, taken) ? t("queues.form.colorInUse", { name: color }) : null}
              />
              <TextInput
                label={t("queues.form.orderQueue")}
                value={values.orderQueue}
                onChange={(orderQueue) => patch({ orderQueue: orderQueue.replace(/\D/g, "") })}
                error={issues.text("orderQueue")}
                description={t("queues.form.orderHint")}
                inputMode="numeric"
                maxLength={4}
              />
              <TextAreaField
                label={t("queues.form.greeting")}
                {...field("greetingMessage")}
                description={t("queues.form.greetingHint")}
                rows={3}
              />
              <MessageVariables />
              <AgentField
                value={values.promptId}
                onChange={(promptId) => patch({ promptId })}
                hint={t("agents.queueHint")}
                error={issues.text("promptId")}
              />
              <IntegrationField
                value={values.integrationId}
                onChange={(integrationId) => patch({ integrationId })}
                hint={t("integrationsAtWork.queueHint")}
                error={issues.text("integrationId")}
              />
              {queueHours
                ? (
                  <TextAreaField
                    label={t("queues.form.outOfHours")}
                    {...field("outOfHoursMessage")}
                    description={t("queues.form.outOfHoursHint")}
                    rows={3}
                  />
                )
                : null}
            </TabPanel>
            {queueHours
              ? (
                <TabPanel id="hours" className={tabs.panel}>
                  <p className={css.intro}>{t("queues.form.hoursIntro")}</p>
                  <WeeklyHoursEditor
                    week={values.schedules}
                    onChange={(schedules) => patch({ schedules })}
                    errorOf={issues.text}
                  />
                </TabPanel>
              )
              : null}
            <TabPanel id="options" className={tabs.panel}>
              {queueId === null
                ? <p className={css.intro}>{t("queues.options.saveFirst")}</p>
                : <OptionTree queueId={queueId} />}
            </TabPanel>
          </Tabs>
        </>
      )}
    </FormDialog>
  );
}
