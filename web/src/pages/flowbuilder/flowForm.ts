/** The flow name dialog's rules and the flows list's local changes (seed 002 sections 2 and 5). */
import type { Flow } from "../../api/flows.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";
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

/** By name then id, as the server orders them (binary, like SQLite). */
const byName = (a: Flow, b: Flow) => a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1;

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

/** company-{c}-flow: { action: create | update, record } | { action: delete, id } (docs/api.md). */
export function readFlowEvent(data: unknown): LiveEvent<Flow> | null {
  return readLiveEvent(data, { record: "record", id: "id" }, isFlow);
}

function isFlow(value: unknown): value is Flow {
  const v = value as Record<string, unknown> | null;
  return typeof v === "object" && v !== null && typeof v.id === "number" &&
    typeof v.name === "string" && typeof v.active === "boolean";
}
