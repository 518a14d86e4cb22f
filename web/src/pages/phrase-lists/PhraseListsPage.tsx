import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Flow, FlowCampaign } from "../../api/flows.ts";
import { isAdmin } from "../../app/session.ts";
import { ListPage } from "../../components/ListPage.tsx";
import { listTexts } from "../../lib/listTexts.ts";
import { applyPhraseChange, readPhraseEvent, searchPhrases } from "./phraseForm.ts";
import { PhraseDialog } from "./PhraseDialog.tsx";

/**
 * /phrase-lists (seed 002): the flow campaigns, each a phrase that starts a flow on a
 * connection: name, phrase, flow, Ativo or Desativado; edit; delete for the roles that may
 * delete contacts (admins, contacts-page:deleteContact).
 */
export default function PhraseListsPage() {
  useSignals();
  const { t } = useTranslation();
  const [flowNames, setFlowNames] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    let live = true;
    api.flows.all().then(
      (flows: Flow[]) => live && setFlowNames(new Map(flows.map((f) => [f.id, f.name]))),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <ListPage<FlowCampaign>
      texts={listTexts(t, "flows.phrases", (row) => ({ name: row.name }))}
      load={async ({ searchParam, pageNumber }) => ({
        records: pageNumber === 1 ? searchPhrases(await api.flowCampaigns.list(), searchParam) : [],
        hasMore: false,
      })}
      event="flowCampaign"
      readEvent={readPhraseEvent}
      applyEvent={applyPhraseChange}
      titleColumn={{
        label: t("flows.phrases.columns.name"),
        value: (row) => row.name,
        text: (row) => row.name,
      }}
      columns={[
        { label: t("flows.phrases.columns.phrase"), value: (row) => row.phrase },
        {
          label: t("flows.phrases.columns.flow"),
          value: (row) => flowNames.get(row.flowId) ?? "",
        },
        {
          label: t("flows.phrases.columns.status"),
          value: (row) => row.status ? t("flows.status.active") : t("flows.status.inactive"),
        },
      ]}
      mayDelete={() => isAdmin.value}
      remove={api.flowCampaigns.remove}
      dialog={(props) => <PhraseDialog {...props} />}
    />
  );
}
