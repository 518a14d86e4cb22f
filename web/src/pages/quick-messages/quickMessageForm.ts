/** The quick answer form and list rules (seed 002 section 5, docs/api.md "Quick answers"). */
import type { QuickMessage, QuickMessageInput } from "../../api/quickMessages.ts";
import { collect, type Issues } from "../../lib/validation.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";

export type QuickField = "shortcode" | "message";

export interface QuickValues {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}

export const SHORTCODE_MAX = 50;
export const MESSAGE_MAX = 4096;

export function initialValues(record: QuickMessage | null): QuickValues {
  return {
    shortcode: record?.shortcode ?? "",
    message: record?.message ?? "",
    geral: record?.geral ?? false,
    status: record?.status ?? true,
  };
}

/** A leading slash typed out of habit is not part of the shortcode. */
export function normalizeShortcode(value: string): string {
  return value.trim().replace(/^\/+/, "");
}

/** Shortcode required ('Obrigatório'), one word, at most 50; message required, at most 4096. */
export function validateQuick(values: QuickValues): Issues<QuickField> {
  const shortcode = normalizeShortcode(values.shortcode);
  const message = values.message.trim();
  return collect<QuickField>({
    shortcode: !shortcode
      ? { key: "validation.required" }
      : /\s/.test(shortcode)
      ? { key: "schedules.quick.dialog.noSpaces" }
      : shortcode.length > SHORTCODE_MAX
      ? { key: "validation.tooLong", params: { max: SHORTCODE_MAX } }
      : null,
    message: !message
      ? { key: "validation.required" }
      : message.length > MESSAGE_MAX
      ? { key: "validation.tooLong", params: { max: MESSAGE_MAX } }
      : null,
  });
}

export function toQuickInput(values: QuickValues): QuickMessageInput {
  return {
    shortcode: normalizeShortcode(values.shortcode),
    message: values.message.trim(),
    geral: values.geral,
    status: values.status,
  };
}

/** The author or an admin may change an answer. */
export function canManage(
  record: Pick<QuickMessage, "userId">,
  viewer: { id: number; isAdmin: boolean } | null,
): boolean {
  return Boolean(viewer && (viewer.isAdmin || record.userId === viewer.id));
}

/** Events on company-{c}-quickmessage. */
export type QuickEvent = LiveEvent<QuickMessage>;

/** By shortcode then id, as the server pages them (binary order, like SQLite's). */
export function compareQuick(a: QuickMessage, b: QuickMessage): number {
  if (a.shortcode !== b.shortcode) return a.shortcode < b.shortcode ? -1 : 1;
  return a.id - b.id;
}

/** Whether an answer belongs to a search (shortcode or message, ignoring case). */
export function matchesSearch(record: QuickMessage, search: string): boolean {
  const term = search.trim().toLocaleLowerCase();
  return !term || record.shortcode.toLocaleLowerCase().includes(term) ||
    record.message.toLocaleLowerCase().includes(term);
}

/** A live event applied to the loaded list. */
export function applyQuickEvent(
  items: readonly QuickMessage[],
  event: QuickEvent,
  state: { search: string; hasMore: boolean },
): QuickMessage[] {
  const matches = (record: QuickMessage) => matchesSearch(record, state.search);
  return applyLiveEvent(items, event, { matches, compare: compareQuick, hasMore: state.hasMore });
}

/** A realtime payload, checked enough to be trusted as a QuickEvent. */
export function asQuickEvent(data: unknown): QuickEvent | null {
  return readLiveEvent(data, { record: "record", id: "id" }, isQuickMessage);
}

function isQuickMessage(value: unknown): value is QuickMessage {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "number" && typeof record.shortcode === "string" &&
    typeof record.message === "string";
}
