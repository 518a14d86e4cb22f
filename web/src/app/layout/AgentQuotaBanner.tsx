import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Link } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Prompt } from "../../api/prompts.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";
import { company, isAdmin, plan } from "../session.ts";
import { useRealtimeEvent } from "../useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../useRealtimeReconnect.ts";
import { applyPromptEvent, outOfCredit } from "./agentQuota.ts";
import * as css from "./layout.css.ts";

/**
 * An AI agent's model account has no credit (429 insufficient_quota): the admins see it above
 * every page, once for the company, until a call succeeds again or the key or server changes
 * (the conversations meanwhile go to people, each with a note).
 */
export function AgentQuotaBanner() {
  useSignals();
  const { t } = useTranslation();
  const companyId = isAdmin.value && plan.value?.useOpenAi === true
    ? company.value?.id ?? null
    : null;
  const [agents, setAgents] = useState<Prompt[] | null>(null);
  const [round, setRound] = useState(0);
  useRealtimeReconnect(() => setRound((value) => value + 1));

  useEffect(() => {
    if (companyId === null) {
      setAgents(null);
      return;
    }
    let current = true;
    api.prompts.list()
      .then((list) => current && setAgents(list))
      // No banner when the list cannot be read; the agents' page shows its own error.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [companyId, round]);

  useRealtimeEvent(companyId === null ? null : companyEvent(companyId, "prompt"), (data) => {
    setAgents((list) => list && applyPromptEvent(list, data));
  });

  const names = agents ? outOfCredit(agents) : [];
  if (!names.length) return null;
  return (
    <div className={css.dueBanner} role="alert">
      <span>{t("agentQuota.banner", { count: names.length, names: names.join(", ") })}</span>
      <Link href="/prompts" className={css.dueBannerLink}>{t("agentQuota.open")}</Link>
    </div>
  );
}
