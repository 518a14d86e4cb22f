/** The tag form and the tags page's live list (seed 001 sections 3 and 5, docs/api.md "Tags and kanban"). */
import type { TagInput, TagRecord } from "../../api/tags.ts";
import { collect, type Issues } from "../../lib/validation.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";

export type TagField = "name" | "color";

export interface TagValues {
  name: string;
  color: string;
  kanban: boolean;
  order: number;
}

export const NAME_MIN = 3;
export const NAME_MAX = 50;
/** The server's default colour for a tag. */
export const DEFAULT_COLOR = "#A4CCCC";

export function initialValues(record: TagRecord | null): TagValues {
  return {
    name: record?.name ?? "",
    color: record?.color ?? DEFAULT_COLOR,
    kanban: record?.kanban === 1,
    order: record?.order ?? 0,
  };
}

/** Name required ('Obrigatório'), at least 3 characters ('Mensagem muito curta'), at most 50. */
export function validateTag(values: TagValues): Issues<TagField> {
  const name = values.name.trim();
  return collect<TagField>({
    name: !name
      ? { key: "validation.required" }
      : name.length < NAME_MIN
      ? { key: "tags.dialog.nameTooShort" }
      : name.length > NAME_MAX
      ? { key: "validation.tooLong", params: { max: NAME_MAX } }
      : null,
    color: /^#[0-9a-f]{6}$/i.test(values.color) ? null : { key: "tags.dialog.colorInvalid" },
  });
}

/**
 * The request body. The kanban flag is sent only by those who may set it (admins and
 * supervisors): the server refuses anyone else a change of it.
 */
export function toTagInput(values: TagValues, mayFlagKanban: boolean): TagInput {
  const input: TagInput = { name: values.name.trim(), color: values.color, order: values.order };
  if (mayFlagKanban) input.kanban = values.kanban ? 1 : 0;
  return input;
}

/** The kanban switch is for admins and supervisors (and super users, whom the server treats as admins). */
export function mayFlagKanban(user: { profile: string; super?: boolean } | null): boolean {
  return Boolean(user && (user.profile === "admin" || user.profile === "supervisor" || user.super));
}

/** Events on company-{c}-tag. */
export type TagEvent = LiveEvent<TagRecord>;

/** By name then id, as the server pages them (binary order, like SQLite's). */
export function compareTags(a: TagRecord, b: TagRecord): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}

/** Whether a tag belongs to a search (any part of the name, ignoring case). */
export function matchesSearch(tag: Pick<TagRecord, "name">, search: string): boolean {
  const term = search.trim().toLocaleLowerCase();
  return !term || tag.name.toLocaleLowerCase().includes(term);
}

/** A live event applied to the loaded page(s). */
export function applyTagEvent(
  items: readonly TagRecord[],
  event: TagEvent,
  state: { search: string; hasMore: boolean },
): TagRecord[] {
  const matches = (tag: TagRecord) => matchesSearch(tag, state.search);
  return applyLiveEvent(items, event, { matches, compare: compareTags, hasMore: state.hasMore });
}

/** A realtime payload ({action, tag} or {action: "delete", tagId}), checked. */
export function asTagEvent(data: unknown): TagEvent | null {
  return readLiveEvent(data, { record: "tag", id: "tagId" }, isTag);
}

function isTag(value: unknown): value is TagRecord {
  if (typeof value !== "object" || value === null) return false;
  const tag = value as Record<string, unknown>;
  return typeof tag.id === "number" && typeof tag.name === "string" &&
    typeof tag.color === "string";
}
