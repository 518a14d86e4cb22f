import { request } from "./client.ts";
import type { Plan, PlanInput } from "./types.ts";

export const plans = {
  /** Public list used by the signup page. */
  publicList: () => request<Plan[]>("/plans/list", { auth: false }),
  all: () => request<Plan[]>("/plans/all"),
  get: (id: number) => request<Plan>(`/plans/${id}`),
  create: (input: PlanInput) => request<Plan>("/plans", { method: "POST", body: input }),
  update: (id: number, input: PlanInput) =>
    request<Plan>(`/plans/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/plans/${id}`, { method: "DELETE" }),
};
