import { useEffect, useState } from "react";
import { Column, Form, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import { Button } from "../../components/Button.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { type Option, SelectField } from "../../components/SelectField.tsx";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { toast } from "../../components/toast.ts";
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSettings,
  DAILY_CAP_MAX,
  DAILY_CAP_RAMP_DAYS_MAX,
  dailyCapFor,
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  MIN_GAP_OPTIONS,
} from "../../../../contracts/campaigns.ts";
import { NumberInput } from "../../components/NumberInput.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { maskTime } from "../../lib/weeklyHours.ts";
import { addVariable, removeVariable, windowError } from "./settingsForm.ts";
import * as css from "./campaigns.css.ts";

/**
 * /campaigns-config (seed 002): the send intervals, the number's protection (issue 19:
 * minimum gap, daily cap and its warm-up, send window, typing), each with what it does,
 * and the variables, saved together.
 */
export default function CampaignsConfigPage() {
  const { t } = useTranslation();
  const c = (key: string, params: Record<string, string | number> = {}) =>
    t(`campaigns.config.${key}`, params);
  const [settings, setSettings] = useState<CampaignSettings>(CAMPAIGN_SETTINGS_DEFAULTS);
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const [keyError, setKeyError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.campaignSettings.get().then((read) => {
      if (!current) return;
      setSettings(read);
      setLoaded(true);
    }, (error) => toast.apiError(error));
    return () => {
      current = false;
    };
  }, []);

  const seconds = (options: readonly number[], zero: string): Option[] =>
    options.map((n) => ({ id: String(n), label: n === 0 ? zero : c("seconds", { count: n }) }));
  const afterOptions: Option[] = LONGER_INTERVAL_OPTIONS.map((n) => ({
    id: String(n),
    label: n === 0 ? c("notDefined") : c("messagesCount", { count: n }),
  }));

  /** A select's binding to one of the numeric settings (the option's id is the number). */
  const numberSelect = (field: "messageInterval" | "longerIntervalAfter" | "greaterInterval" | "minGap") => ({
    value: String(settings[field]),
    onChange: (v: string) => setSettings({ ...settings, [field]: Number(v) }),
    isDisabled: !loaded,
  });

  const add = () => {
    const result = addVariable(settings.variables, key, value);
    if (!result.ok) {
      const message = result.reason === "taken"
        ? c("keyTaken", { key: result.key })
        : c(result.reason === "format" ? "keyFormat" : "keyRequired");
      setKeyError(message);
      toast.error(message);
      return;
    }
    setSettings({ ...settings, variables: result.variables });
    setKey("");
    setValue("");
    setKeyError(null);
  };

  const windowErrors = { start: windowError(settings.windowStart), end: windowError(settings.windowEnd) };
  const save = async () => {
    if (windowErrors.start || windowErrors.end) {
      toast.error(c("windowFormat"));
      return;
    }
    setSaving(true);
    try {
      setSettings(await api.campaignSettings.save(settings));
      toast.success(c("saved"));
    } catch (error) {
      toast.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={page.page}>
      <PageHeader title={c("title")} />
      <div className={`${page.paper} ${css.summary}`}>
        <Form
          className={css.form}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <h2 className={css.sectionTitle}>{c("intervals")}</h2>
          <div className={css.row3}>
            <SelectField
              label={c("messageInterval")}
              options={seconds(MESSAGE_INTERVAL_OPTIONS, c("noInterval"))}
              {...numberSelect("messageInterval")}
            />
            <SelectField
              label={c("longerIntervalAfter")}
              options={afterOptions}
              {...numberSelect("longerIntervalAfter")}
            />
            <SelectField
              label={c("greaterInterval")}
              options={seconds(LONGER_INTERVAL_OPTIONS, c("noInterval"))}
              {...numberSelect("greaterInterval")}
            />
          </div>
          <h2 className={css.sectionTitle}>{c("guards")}</h2>
          <p className={css.notice}>{c("guardsHint")}</p>
          <div className={css.row3}>
            <SelectField
              label={c("minGap")}
              description={c("minGapHint")}
              options={seconds(MIN_GAP_OPTIONS, c("noMinGap"))}
              {...numberSelect("minGap")}
            />
            <TextInput
              label={c("windowStart")}
              description={c("windowHint")}
              value={settings.windowStart}
              onChange={(v) => setSettings({ ...settings, windowStart: maskTime(v) })}
              error={windowErrors.start ? c("windowFormat") : null}
              inputMode="numeric"
              maxLength={5}
              placeholder="HH:MM"
              isDisabled={!loaded}
            />
            <TextInput
              label={c("windowEnd")}
              value={settings.windowEnd}
              onChange={(v) => setSettings({ ...settings, windowEnd: maskTime(v) })}
              error={windowErrors.end ? c("windowFormat") : null}
              inputMode="numeric"
              maxLength={5}
              placeholder="HH:MM"
              isDisabled={!loaded}
            />
          </div>
          <div className={css.row3}>
            <NumberInput
              label={c("dailyCap")}
              description={c("dailyCapHint")}
              value={settings.dailyCap}
              onChange={(v) => setSettings({ ...settings, dailyCap: v })}
              maxValue={DAILY_CAP_MAX}
              isDisabled={!loaded}
            />
            <NumberInput
              label={c("dailyCapStart")}
              description={c("dailyCapStartHint")}
              value={settings.dailyCapStart}
              onChange={(v) => setSettings({ ...settings, dailyCapStart: Math.max(1, v) })}
              minValue={1}
              maxValue={DAILY_CAP_MAX}
              isDisabled={!loaded}
            />
            <NumberInput
              label={c("dailyCapRampDays")}
              description={c("dailyCapRampDaysHint")}
              value={settings.dailyCapRampDays}
              onChange={(v) => setSettings({ ...settings, dailyCapRampDays: v })}
              maxValue={DAILY_CAP_RAMP_DAYS_MAX}
              isDisabled={!loaded}
            />
          </div>
          <p className={css.notice} data-testid="ramp-preview">
            {settings.dailyCap > 0
              ? c("rampPreview", {
                first: dailyCapFor(settings, 0) ?? 0,
                week: dailyCapFor(settings, 7) ?? 0,
                cap: settings.dailyCap,
                full: settings.dailyCapRampDays + 1,
              })
              : c("noCap")}
          </p>
          <SwitchField
            label={c("typing")}
            description={c("typingHint")}
            isSelected={settings.typing}
            onChange={(typing) => setSettings({ ...settings, typing })}
            isDisabled={!loaded}
          />
          <h2 className={css.sectionTitle}>{c("variables")}</h2>
          <p className={css.notice}>{c("variablesHint")}</p>
          <div className={css.variableRow}>
            <TextInput
              label={c("key")}
              value={key}
              onChange={(next) => {
                setKey(next);
                setKeyError(null);
              }}
              error={keyError}
              autoComplete="off"
              isDisabled={!loaded}
            />
            <TextInput
              label={c("value")}
              value={value}
              onChange={setValue}
              autoComplete="off"
              isDisabled={!loaded}
            />
            <Button variant="secondary" onPress={add} isDisabled={!loaded}>
              {c("addVariable")}
            </Button>
          </div>
          <Table aria-label={c("variablesTable")} className={page.table}>
            <TableHeader>
              <Column isRowHeader className={page.columnHeader}>{c("key")}</Column>
              <Column className={page.columnHeader}>{c("value")}</Column>
              <Column className={page.columnHeader}>{t("common.actions")}</Column>
            </TableHeader>
            <TableBody
              items={settings.variables.map((v) => ({ ...v, id: v.key }))}
              renderEmptyState={() =>
                loaded ? <div className={page.empty}>{c("noVariables")}</div> : <TableEmpty loading />}
            >
              {(variable) => (
                <Row id={variable.key} className={page.row}>
                  <TitleCell textValue={variable.key}>{`{${variable.key}}`}</TitleCell>
                  <FieldCell label={c("value")}>{variable.value}</FieldCell>
                  <ActionsCell>
                    <IconButton
                      icon="delete"
                      label={c("removeVariable", { key: variable.key })}
                      onPress={() =>
                        setSettings({
                          ...settings,
                          variables: removeVariable(settings.variables, variable.key),
                        })}
                    />
                  </ActionsCell>
                </Row>
              )}
            </TableBody>
          </Table>
          <div>
            <Button type="submit" isPending={saving} isDisabled={!loaded}>{c("save")}</Button>
          </div>
        </Form>
      </div>
    </div>
  );
}
