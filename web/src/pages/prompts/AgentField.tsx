import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Prompt } from "../../api/prompts.ts";
import { plan } from "../../app/session.ts";
import { SelectField } from "../../components/SelectField.tsx";
import { toast } from "../../components/toast.ts";

interface Props {
  /** The agent's id as text; "" none. */
  value: string;
  onChange: (promptId: string) => void;
  /** What the agent does where it is chosen (a connection's, a queue's). */
  hint: string;
  error?: string | null;
}

/** The AI agent a connection or a queue answers with: the company's agents where the plan has them (useOpenAi). */
export function AgentField({ value, onChange, hint, error }: Props) {
  useSignals();
  const { t } = useTranslation();
  const open = plan.value?.useOpenAi === true;
  const [agents, setAgents] = useState<Prompt[]>([]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    api.prompts.list()
      .then((list) => live && setAgents(list))
      .catch((err) => live && toast.apiError(err));
    return () => {
      live = false;
    };
  }, [open]);
  return (
    <SelectField
      label={t("agents.field")}
      options={[
        { id: "", label: t("agents.none") },
        ...agents.map((agent) => ({ id: String(agent.id), label: agent.name })),
      ]}
      value={value}
      onChange={onChange}
      description={open ? hint : t("agents.notInPlan")}
      error={error}
      isDisabled={!open}
    />
  );
}
