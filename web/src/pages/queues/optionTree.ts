/**
 * A queue's option menu as a tree (seed 001: nested entries with a title, a message and a
 * position number). The server hands it out one level at a time; the dialog keeps the
 * options as a flat list and draws the tree from it, so live events are simple upserts.
 */
import type { QueueOption } from "../../api/queues.ts";
import { collect, type Issues, length } from "../../lib/validation.ts";
import { type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";

export interface OptionNode extends QueueOption {
  children: OptionNode[];
  /** The numbers a customer types to reach it, e.g. "1.2". */
  path: string;
}

/** The tree, each level by number; options whose parent is not in the list are left out. */
export function buildTree(options: readonly QueueOption[]): OptionNode[] {
  const byParent = new Map<number | null, QueueOption[]>();
  for (const option of options) {
    const siblings = byParent.get(option.parentId) ?? [];
    siblings.push(option);
    byParent.set(option.parentId, siblings);
  }
  const level = (parentId: number | null, prefix: string): OptionNode[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.option - b.option || a.id - b.id)
      .map((option) => {
        const path = prefix ? `${prefix}.${option.option}` : String(option.option);
        return { ...option, path, children: level(option.id, path) };
      });
  return level(null, "");
}

/** The option and everything under it. */
export function subtreeIds(options: readonly QueueOption[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const option of options) {
      if (option.parentId !== null && ids.has(option.parentId) && !ids.has(option.id)) {
        ids.add(option.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Events on company-{c}-queueOption. */
export type OptionEvent = LiveEvent<QueueOption>;

/** A live event applied to one queue's options (other queues' events are ignored). */
export function applyOptionEvent(
  options: readonly QueueOption[],
  event: OptionEvent,
  queueId: number,
): QueueOption[] {
  if (event.action === "delete") {
    const gone = subtreeIds(options, event.id);
    return options.filter((option) => !gone.has(option.id));
  }
  if (event.record.queueId !== queueId) return [...options];
  return [...options.filter((option) => option.id !== event.record.id), event.record];
}

/** A realtime payload ({action, queueOption} or {action: "delete", queueOptionId}), checked. */
export function asOptionEvent(data: unknown): OptionEvent | null {
  return readLiveEvent(data, { record: "queueOption", id: "queueOptionId" }, isOption);
}

function isOption(value: unknown): value is QueueOption {
  const option = value as Record<string, unknown> | undefined;
  return typeof option?.id === "number" && typeof option.queueId === "number" &&
    typeof option.option === "number" && typeof option.title === "string";
}

/**
 * Every option of a queue, read level by level (the levels of one depth in parallel).
 * The menu is small: a handful of levels, a few options each.
 */
export async function loadAllOptions(
  queueId: number,
  readLevel: (queueId: number, parentId: number | null) => Promise<QueueOption[]>,
): Promise<QueueOption[]> {
  const all: QueueOption[] = [];
  let parents: (number | null)[] = [null];
  while (parents.length) {
    const levels = await Promise.all(parents.map((parentId) => readLevel(queueId, parentId)));
    const found = levels.flat();
    all.push(...found);
    parents = found.map((option) => option.id);
  }
  return all;
}

export type OptionField = "title" | "message";
export const TITLE_MAX = 100;
export const OPTION_MESSAGE_MAX = 4096;

/** Title 1..100, message within 4096. */
export function validateOption(values: { title: string; message: string }): Issues<OptionField> {
  return collect<OptionField>({
    title: length(values.title, 1, TITLE_MAX),
    message: values.message.length > OPTION_MESSAGE_MAX
      ? { key: "validation.tooLong", params: { max: OPTION_MESSAGE_MAX } }
      : null,
  });
}
