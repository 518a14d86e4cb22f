/** The announcement form and list rules (seed 002 sections 3-5, docs/api.md "Announcements"). */
import type {
  Announcement,
  AnnouncementInput,
  AnnouncementPriority,
} from "../../api/announcements.ts";
import { collect, type Issues } from "../../lib/validation.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";
import { textOn } from "../tickets/color.ts";

export type AnnouncementField = "title" | "text" | "image";

export interface AnnouncementValues {
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
}

export const TITLE_MAX = 200;
export const TEXT_MAX = 5000;
export const PRIORITIES: readonly AnnouncementPriority[] = [1, 2, 3];

/** The colour of each priority: high red, medium orange, low grey. */
export const PRIORITY_COLORS: Record<AnnouncementPriority, string> = {
  1: "#c62828",
  2: "#ef6c00",
  3: "#757575",
};

/** A priority's colour and the readable text colour on it. */
export function priorityStyle(priority: number) {
  const background = PRIORITY_COLORS[priority as AnnouncementPriority] ?? PRIORITY_COLORS[3];
  return { background, color: textOn(background) };
}

/** The i18n key of a priority's name. */
export const priorityKey = (priority: number) =>
  `announcements.priority.${priority === 1 ? "high" : priority === 2 ? "medium" : "low"}`;

/** A new announcement: priority 3 (low), active. */
export function initialValues(record: Announcement | null): AnnouncementValues {
  return {
    title: record?.title ?? "",
    text: record?.text ?? "",
    priority: record?.priority ?? 3,
    status: record?.status ?? true,
  };
}

/** Title and text required. */
export function validateAnnouncement(values: AnnouncementValues): Issues<AnnouncementField> {
  const bounded = (value: string, max: number) =>
    !value.trim()
      ? { key: "validation.required" }
      : value.trim().length > max
      ? { key: "validation.tooLong", params: { max } }
      : null;
  return collect<AnnouncementField>({
    title: bounded(values.title, TITLE_MAX),
    text: bounded(values.text, TEXT_MAX),
    image: null,
  });
}

export function toAnnouncementInput(values: AnnouncementValues): AnnouncementInput {
  return {
    title: values.title.trim(),
    text: values.text.trim(),
    priority: values.priority,
    status: values.status,
  };
}

/** The image field accepts .png, .jpg and .jpeg (the server checks the bytes too). */
export const IMAGE_ACCEPT = ".png,.jpg,.jpeg,image/png,image/jpeg";

export function isAcceptedImage(name: string): boolean {
  return /\.(png|jpe?g)$/i.test(name.trim());
}

/** Events on company-{c}-announcement. */
export type AnnouncementEvent = LiveEvent<Announcement>;

/** High priority first, then the newest, as the server pages them. */
export function compareAnnouncements(a: Announcement, b: Announcement): number {
  return a.priority - b.priority || b.id - a.id;
}

export function matchesSearch(record: Announcement, search: string): boolean {
  const term = search.trim().toLocaleLowerCase();
  return !term || record.title.toLocaleLowerCase().includes(term) ||
    record.text.toLocaleLowerCase().includes(term);
}

/**
 * A live event applied to a loaded list. Readers (activeOnly) drop an announcement that
 * turned inactive; the super users' page keeps it.
 */
export function applyAnnouncementEvent(
  items: readonly Announcement[],
  event: AnnouncementEvent,
  state: { search: string; hasMore: boolean; activeOnly: boolean },
): Announcement[] {
  const matches = (record: Announcement) =>
    (!state.activeOnly || record.status) && matchesSearch(record, state.search);
  return applyLiveEvent(items, event, {
    matches,
    compare: compareAnnouncements,
    hasMore: state.hasMore,
  });
}

export function asAnnouncementEvent(data: unknown): AnnouncementEvent | null {
  return readLiveEvent(data, { record: "record", id: "id" }, isAnnouncement);
}

function isAnnouncement(value: unknown): value is Announcement {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "number" && typeof record.title === "string" &&
    typeof record.text === "string" && typeof record.priority === "number" &&
    typeof record.status === "boolean";
}
