/** Queues and their option menus (docs/api.md "Queues"). */
import { request } from "./client.ts";
import type { WeeklyHours } from "./types.ts";

export interface Queue {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  integrationId: number | null;
  promptId: number | null;
  schedules: WeeklyHours[];
  createdAt: string;
  updatedAt: string;
}

export interface QueueInput {
  name: string;
  color: string;
  greetingMessage?: string;
  outOfHoursMessage?: string;
  orderQueue?: number | null;
  schedules?: WeeklyHours[];
  /** The queue's AI agent (null: none). */
  promptId?: number | null;
  /** The integration the menu hands the queue's conversations to (null: none). */
  integrationId?: number | null;
}

export interface QueueOption {
  id: number;
  queueId: number;
  /** null at the top level. */
  parentId: number | null;
  title: string;
  message: string;
  /** The number the customer types at its level. */
  option: number;
}

export interface QueueOptionInput {
  queueId: number;
  parentId: number | null;
  title: string;
  message?: string;
}

export const queues = {
  list: () => request<Queue[]>("/queue"),
  get: (id: number) => request<Queue>(`/queue/${id}`),
  create: (input: QueueInput) => request<Queue>("/queue", { method: "POST", body: input }),
  update: (id: number, input: Partial<QueueInput>) =>
    request<Queue>(`/queue/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/queue/${id}`, { method: "DELETE" }),
  /** One level of the menu; parentId null is the top. */
  options: (queueId: number, parentId: number | null) =>
    request<QueueOption[]>("/queue-options", { query: { queueId, parentId: parentId ?? -1 } }),
  createOption: (input: QueueOptionInput) =>
    request<QueueOption>("/queue-options", { method: "POST", body: input }),
  updateOption: (id: number, input: { title?: string; message?: string }) =>
    request<QueueOption>(`/queue-options/${id}`, { method: "PUT", body: input }),
  removeOption: (id: number) => request<void>(`/queue-options/${id}`, { method: "DELETE" }),
};
