import { useSignals } from "@preact/signals-react/runtime";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { isSuper, settingValue } from "../../app/session.ts";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { CompaniesTab } from "./companies/CompaniesTab.tsx";
import { HelpsTab } from "./helps/HelpsTab.tsx";
import { BillingTab } from "./billing/BillingTab.tsx";
import { OptionsTab } from "./options/OptionsTab.tsx";
import { PlansTab } from "./plans/PlansTab.tsx";
import { SchedulesTab } from "./schedules/SchedulesTab.tsx";
import * as css from "./settings.css.ts";

/**
 * Options for every admin; the company's hours while scheduleType is "company" (the setting
 * decides, not the role); Companies and Plans for super users.
 */
export default function SettingsPage() {
  useSignals();
  const { t } = useTranslation();
  const superUser = isSuper.value;
  const companyHours = settingValue("scheduleType") === "company";
  return (
    <div className={page.page}>
      <PageHeader title={t("settings.title")} />
      <Tabs className={css.tabs}>
        <TabList aria-label={t("settings.title")} className={css.tabList}>
          <Tab id="options" className={css.tab}>{t("settings.tabs.options")}</Tab>
          {companyHours ? <Tab id="schedules" className={css.tab}>{t("hours.tab")}</Tab> : null}
          {superUser
            ? <Tab id="companies" className={css.tab}>{t("settings.tabs.companies")}</Tab>
            : null}
          {superUser ? <Tab id="plans" className={css.tab}>{t("settings.tabs.plans")}</Tab> : null}
          {superUser ? <Tab id="helps" className={css.tab}>{t("helps.tab")}</Tab> : null}
          {superUser ? <Tab id="billing" className={css.tab}>{t("billing.pix.tab")}</Tab> : null}
        </TabList>
        <TabPanel id="options" className={css.panel}>
          <OptionsTab />
        </TabPanel>
        {companyHours
          ? (
            <TabPanel id="schedules" className={css.panel}>
              <SchedulesTab />
            </TabPanel>
          )
          : null}
        {superUser
          ? (
            <TabPanel id="companies" className={css.panel}>
              <CompaniesTab />
            </TabPanel>
          )
          : null}
        {superUser
          ? (
            <TabPanel id="plans" className={css.panel}>
              <PlansTab />
            </TabPanel>
          )
          : null}
        {superUser
          ? (
            <TabPanel id="helps" className={css.panel}>
              <HelpsTab />
            </TabPanel>
          )
          : null}
        {superUser
          ? (
            <TabPanel id="billing" className={css.panel}>
              <BillingTab />
            </TabPanel>
          )
          : null}
      </Tabs>
    </div>
  );
}
