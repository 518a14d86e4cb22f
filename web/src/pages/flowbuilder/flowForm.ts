/** The flow name dialog's rules and the flows list's local changes (seed 002 sections 2 and 5). */
import type { Flow } from "../../api/flows.ts";
import { applyLiveEvent, type LiveEvent } from "../../lib/liveList.ts";
import { collect, type Issues } from "../../lib/validation.ts";

export const FLOW_NAME_MIN = 2;
export const FLOW_NAME_MAX = 50;

export type FlowField = "name";

/** 2 to 50 characters: 'Muito curto!', 'Muito longo!', 'Digite um nome!'. */
export function validateFlowName(values: { name: string }): Issues<FlowField> {
  const name = values.name.trim();
  return collect<FlowField>({
    name: !name
      ? { key: "flows.dialog.required" }
      : name.length < FLOW_NAME_MIN
      ? { key: "flows.dialog.tooShort" }
      : name.length > FLOW_NAME_MAX
      ? { key: "flows.dialog.tooLong" }
      : null,
  });
}

const byName = (a: Flow, b: Flow) => a.name === b.name ? a.id - b.id : a.name.localeCompare(b.name);

/** A flow this page created, renamed, duplicated or deleted, put in the loaded rows. */
export function applyFlowChange(
  items: readonly Flow[],
  event: LiveEvent<Flow>,
  state: { search: string; hasMore: boolean },
): Flow[] {
  const term = state.search.trim().toLocaleLowerCase();
  return applyLiveEvent(items, event, {
    matches: (flow) => !term || flow.name.toLocaleLowerCase().includes(term),
    compare: byName,
    hasMore: state.hasMore,
  });
}
