/** The queue form and list rules (seed 001 sections 2, 3 and 5; docs/api.md "Queues"). */
import type { Queue, QueueInput } from "../../api/queues.ts";
import type { WeeklyHours } from "../../api/types.ts";
import { type Check, collect, type Issues, length } from "../../lib/validation.ts";
import { type HoursField, validateWeek, weekFrom } from "../../lib/weeklyHours.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";

/** The spec's palette of 50 fixed colours: ten hues, five shades each, light to dark. */
// deno-fmt-ignore
export const QUEUE_COLORS: readonly string[] = [
  "#E57373", "#EF5350", "#F44336", "#D32F2F", "#B71C1C",
  "#F06292", "#EC407A", "#E91E63", "#C2185B", "#880E4F",
  "#BA68C8", "#AB47BC", "#9C27B0", "#7B1FA2", "#4A148C",
  "#7986CB", "#5C6BC0", "#3F51B5", "#303F9F", "#1A237E",
  "#64B5F6", "#42A5F5", "#2196F3", "#1976D2", "#0D47A1",
  "#4DD0E1", "#26C6DA", "#00BCD4", "#0097A7", "#006064",
  "#4DB6AC", "#26A69A", "#009688", "#00796B", "#004D40",
  "#81C784", "#66BB6A", "#4CAF50", "#388E3C", "#1B5E20",
  "#FFB74D", "#FFA726", "#FF9800", "#F57C00", "#E65100",
  "#A1887F", "#8D6E63", "#795548", "#5D4037", "#3E2723",
];

export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const MESSAGE_MAX = 4096;
export const ORDER_MAX = 1000;

/** Which tab of the dialog shows a field. */
export type QueueField =
  | "name"
  | "color"
  | "orderQueue"
  | "greetingMessage"
  | "outOfHoursMessage"
  | "promptId"
  | "integrationId"
  | HoursField;

export interface QueueValues {
  name: string;
  color: string;
  /** As typed: empty means no position. */
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: WeeklyHours[];
  /** The queue's AI agent ("": none). */
  promptId: string;
  /** The integration the menu hands the queue's conversations to ("": none). */
  integrationId: string;
}

export function initialValues(queue: Queue | null): QueueValues {
  return {
    name: queue?.name ?? "",
    color: queue?.color ?? "",
    orderQueue: queue?.orderQueue == null ? "" : String(queue.orderQueue),
    greetingMessage: queue?.greetingMessage ?? "",
    outOfHoursMessage: queue?.outOfHoursMessage ?? "",
    schedules: weekFrom(queue?.schedules),
    promptId: queue?.promptId ? String(queue.promptId) : "",
    integrationId: queue?.integrationId ? String(queue.integrationId) : "",
  };
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const sameColor = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The colours other queues hold (the server refuses a duplicate). */
export function takenColors(queues: readonly Queue[], editingId: number | null): string[] {
  return queues.filter((queue) => queue.id !== editingId).map((queue) => queue.color);
}

export function isTaken(color: string, taken: readonly string[]): boolean {
  return taken.some((other) => sameColor(other, color));
}

function colorCheck(color: string, taken: readonly string[]): Check {
  const value = color.trim();
  if (!value) return { key: "validation.required" };
  if (value.length < 3) return { key: "validation.tooShort", params: { min: 3 } };
  if (value.length > 9) return { key: "validation.tooLong", params: { max: 9 } };
  if (!HEX.test(value)) return { key: "queues.form.invalidColor" };
  return isTaken(value, taken) ? { key: "queues.form.colorTaken" } : null;
}

function orderCheck(order: string): Check {
  const value = order.trim();
  if (!value) return null;
  if (!/^\d+$/.test(value) || Number(value) > ORDER_MAX) {
    return { key: "queues.form.invalidOrder", params: { max: ORDER_MAX } };
  }
  return null;
}

const messageCheck = (message: string): Check =>
  message.length > MESSAGE_MAX ? { key: "validation.tooLong", params: { max: MESSAGE_MAX } } : null;

/**
 * Name 2..50, colour a 3..9 character hex not used by another queue, order a whole number,
 * messages within 4096; with queue hours, every day open with a valid HH:MM range or closed.
 */
export function validateQueue(
  values: QueueValues,
  context: { taken: readonly string[]; queueHours: boolean },
): Issues<QueueField> {
  return {
    ...collect<QueueField>({
      name: length(values.name, NAME_MIN, NAME_MAX),
      color: colorCheck(values.color, context.taken),
      orderQueue: orderCheck(values.orderQueue),
      greetingMessage: messageCheck(values.greetingMessage),
      outOfHoursMessage: context.queueHours ? messageCheck(values.outOfHoursMessage) : null,
      // Any of the listed agents and integrations; the server says when one was deleted meanwhile.
      promptId: null,
      integrationId: null,
    }),
    ...(context.queueHours ? validateWeek(values.schedules) : {}),
  };
}

/** The tab holding a field with a problem. */
export function tabOf(field: string): "data" | "hours" {
  return field.startsWith("schedules") ? "hours" : "data";
}

/**
 * The payload. Hours and the out-of-hours message are sent only when the company works by
 * queue hours (scheduleType "queue"); otherwise what is stored stays untouched.
 */
export function toQueueInput(values: QueueValues, queueHours: boolean): QueueInput {
  const order = values.orderQueue.trim();
  return {
    name: values.name.trim(),
    color: values.color.trim().toUpperCase(),
    orderQueue: order ? Number(order) : null,
    greetingMessage: values.greetingMessage,
    promptId: values.promptId ? Number(values.promptId) : null,
    integrationId: values.integrationId ? Number(values.integrationId) : null,
    ...(queueHours
      ? { outOfHoursMessage: values.outOfHoursMessage, schedules: values.schedules }
      : {}),
  };
}

/** Events on company-{c}-queue. */
export type QueueEvent = LiveEvent<Queue>;

/** The server's order: orderQueue (none first, as SQLite sorts nulls), then name. */
export function compareQueues(a: Queue, b: Queue): number {
  const ao = a.orderQueue ?? -1;
  const bo = b.orderQueue ?? -1;
  if (ao !== bo) return ao - bo;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}

/** A live event applied to the whole list. */
export function applyQueueEvent(list: readonly Queue[], event: QueueEvent): Queue[] {
  return applyLiveEvent(list, event, {
    matches: () => true,
    compare: compareQueues,
    hasMore: false,
  });
}

/** A realtime payload ({action, queue} or {action: "delete", queueId}), checked. */
export function asQueueEvent(data: unknown): QueueEvent | null {
  return readLiveEvent(data, { record: "queue", id: "queueId" }, isQueue);
}

function isQueue(value: unknown): value is Queue {
  const queue = value as Record<string, unknown> | undefined;
  return typeof queue?.id === "number" && typeof queue.name === "string" &&
    typeof queue.color === "string";
}
