import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { QueueIntegration } from "../../api/queueIntegrations.ts";
import { plan } from "../../app/session.ts";
import { SelectField } from "../../components/SelectField.tsx";
import { toast } from "../../components/toast.ts";
import { integrationOptions, loadAllIntegrations } from "./integrationChoices.ts";

interface Props {
  /** The integration's id as text; "" none. */
  value: string;
  onChange: (integrationId: string) => void;
  /** What the integration does where it is chosen (a connection's, a queue's). */
  hint: string;
  error?: string | null;
}

/**
 * The queue integration a connection or a queue hands its conversations to: the company's
 * integrations, each with its type, where the plan has them (useIntegrations).
 */
export function IntegrationField({ value, onChange, hint, error }: Props) {
  useSignals();
  const { t } = useTranslation();
  const open = plan.value?.useIntegrations === true;
  const [integrations, setIntegrations] = useState<QueueIntegration[]>([]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    loadAllIntegrations((pageNumber) => api.queueIntegrations.page({ pageNumber }))
      .then((list) => live && setIntegrations(list))
      .catch((err) => live && toast.apiError(err));
    return () => {
      live = false;
    };
  }, [open]);
  return (
    <SelectField
      label={t("integrationsAtWork.field")}
      options={integrationOptions(integrations, {
        none: t("integrationsAtWork.none"),
        option: (name, type) =>
          t("integrationsAtWork.option", { name, type: t(`queueIntegrations.types.${type}`) }),
      })}
      value={value}
      onChange={onChange}
      description={open ? hint : t("integrationsAtWork.notInPlan")}
      error={error}
      isDisabled={!open}
    />
  );
}
