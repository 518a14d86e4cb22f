import type { Plan, PlanFlags, PlanInput } from "../../../api/types.ts";
import { collect, type Issues, length } from "../../../lib/validation.ts";

export const planFlags: readonly (keyof PlanFlags)[] = [
  "useCampaigns",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
];

/** Form defaults: users, connections and queues 0, every feature flag on. */
export const emptyPlan: PlanInput = {
  name: "",
  users: 0,
  connections: 0,
  queues: 0,
  value: 0,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
};

export function planValues(plan: Plan | null): PlanInput {
  if (!plan) return { ...emptyPlan };
  const { id: _id, ...rest } = plan;
  return { ...emptyPlan, ...rest, value: Number(rest.value) || 0 };
}

export type PlanField = "name" | "users" | "connections" | "queues" | "value";

export function validatePlan(values: PlanInput): Issues<PlanField> {
  const nonNegative = (value: number) =>
    Number.isFinite(value) && value >= 0 ? null : { key: "validation.invalidNumber" };
  return collect<PlanField>({
    name: length(values.name, 1, 50),
    users: nonNegative(values.users),
    connections: nonNegative(values.connections),
    queues: nonNegative(values.queues),
    value: nonNegative(values.value),
  });
}
