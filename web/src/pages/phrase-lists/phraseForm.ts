/** The flow campaign dialog's values and rules, and the page's list (seed 002 sections 2-5). */
import type { FlowCampaign, FlowCampaignInput, FlowMatch } from "../../api/flows.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";
import { collect, type Issues, required } from "../../lib/validation.ts";

export type PhraseField = "name" | "flowId" | "whatsappId" | "phrase";

export interface PhraseValues {
  name: string;
  /** "" until chosen. */
  flowId: string;
  whatsappId: string;
  phrase: string;
  match: FlowMatch;
  status: boolean;
}

export function phraseValues(record: FlowCampaign | null): PhraseValues {
  return {
    name: record?.name ?? "",
    flowId: record ? String(record.flowId) : "",
    whatsappId: record ? String(record.whatsappId) : "",
    phrase: record?.phrase ?? "",
    match: record?.match ?? "equals",
    status: record?.status ?? true,
  };
}

function isRegex(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

/** Name, flow, connection and phrase required; a regex phrase must compile. */
export function validatePhrase(values: PhraseValues): Issues<PhraseField> {
  const phrase = values.phrase.trim();
  return collect<PhraseField>({
    name: required(values.name.trim()),
    flowId: required(values.flowId),
    whatsappId: required(values.whatsappId),
    phrase: !phrase
      ? required(phrase)
      : values.match === "regex" && !isRegex(phrase)
      ? { key: "flows.phrases.dialog.invalidRegex" }
      : null,
  });
}

export function toPhraseInput(values: PhraseValues): FlowCampaignInput {
  return {
    name: values.name.trim(),
    flowId: Number(values.flowId),
    whatsappId: Number(values.whatsappId),
    phrase: values.phrase.trim(),
    match: values.match,
    status: values.status,
  };
}

const fold = (text: string) =>
  text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLocaleLowerCase();

/** The server answers every campaign at once; the search box narrows them by name or phrase. */
export function searchPhrases(
  records: readonly FlowCampaign[],
  search: string,
): FlowCampaign[] {
  const term = fold(search.trim());
  return records.filter((c) =>
    !term || fold(c.name).includes(term) || fold(c.phrase).includes(term)
  );
}

/** By name then id, as the server orders them (binary, like SQLite). */
const byName = (a: FlowCampaign, b: FlowCampaign) =>
  a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1;

export function applyPhraseChange(
  items: readonly FlowCampaign[],
  event: LiveEvent<FlowCampaign>,
  state: { search: string; hasMore: boolean },
): FlowCampaign[] {
  return applyLiveEvent(items, event, {
    matches: (c) => searchPhrases([c], state.search).length === 1,
    compare: byName,
    hasMore: state.hasMore,
  });
}

/** company-{c}-flowCampaign: { action: create | update, record } | { action: delete, id } (docs/api.md). */
export function readPhraseEvent(data: unknown): LiveEvent<FlowCampaign> | null {
  return readLiveEvent(data, { record: "record", id: "id" }, isCampaign);
}

function isCampaign(value: unknown): value is FlowCampaign {
  const v = value as Record<string, unknown> | null;
  return typeof v === "object" && v !== null && typeof v.id === "number" &&
    typeof v.name === "string" && typeof v.phrase === "string" && typeof v.flowId === "number" &&
    typeof v.whatsappId === "number" && typeof v.status === "boolean";
}
