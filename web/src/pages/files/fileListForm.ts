/** The file list form and list rules (seed 002 sections 3 and 5, docs/api.md "File lists"). */
import type { FileList, FileListInput } from "../../api/files.ts";
import { collect, type Issues, length } from "../../lib/validation.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";

export type FileListField = "name" | "message";

/** One row of the dialog: an option the list has (id) or a new one, and a file chosen for it. */
export interface OptionRow {
  /** A key for React that survives renames. */
  key: string;
  id: number | null;
  name: string;
  /** The stored file's path ("" none); a chosen file replaces it on save. */
  path: string;
  file: File | null;
}

export interface FileListValues {
  name: string;
  message: string;
  options: OptionRow[];
}

export const NAME_MIN = 3;
export const NAME_MAX = 100;
export const MESSAGE_MAX = 4096;

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

export function initialValues(record: FileList | null): FileListValues {
  return {
    name: record?.name ?? "",
    message: record?.message ?? "",
    options: (record?.options ?? []).map((o) => ({ key: newKey(), id: o.id, name: o.name, path: o.path, file: null })),
  };
}

/** A new row for a chosen file, named after it (the name can be edited). */
export function rowForFile(file: File): OptionRow {
  return { key: newKey(), id: null, name: file.name, path: "", file };
}

/** Name required, at least 3 ('Mensagem muito curta'); message required. */
export function validateFileList(values: FileListValues): Issues<FileListField> {
  const name = length(values.name, NAME_MIN, NAME_MAX);
  return collect<FileListField>({
    name: name?.key === "validation.tooShort" ? { key: "attachments.files.dialog.tooShort" } : name,
    message: length(values.message, 1, MESSAGE_MAX),
  });
}

export function toFileListInput(values: FileListValues): FileListInput {
  return {
    name: values.name.trim(),
    message: values.message.trim(),
    options: values.options
      .filter((o) => o.id !== null || o.file !== null)
      .map((o) => (o.id === null ? { name: o.name.trim() || o.file!.name } : { id: o.id, name: o.name.trim() || o.name })),
  };
}

/**
 * The files to upload once the list is saved: a kept option by its id; a new one by its
 * position among the saved list's new options (the server keeps the order it was sent).
 */
export function uploadsAfterSave(values: FileListValues, saved: FileList, before: FileList | null) {
  const known = new Set((before?.options ?? []).map((o) => o.id));
  const created = saved.options.filter((o) => !known.has(o.id));
  let n = 0;
  const uploads: { file: File; optionId: number | null; name: string }[] = [];
  for (const row of values.options) {
    if (row.id === null && row.file === null) continue;
    const optionId = row.id ?? created[n++]?.id ?? null;
    if (row.file) uploads.push({ file: row.file, optionId, name: row.name.trim() || row.file.name });
  }
  return uploads;
}

/** Events on company-{c}-file. */
export type FileListEvent = LiveEvent<FileList>;

/** By name then id, as the server pages them. */
export function compareFileLists(a: FileList, b: FileList): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}

export function matchesSearch(record: FileList, search: string): boolean {
  const term = search.trim().toLocaleLowerCase();
  return !term || record.name.toLocaleLowerCase().includes(term);
}

/** A live event applied to the loaded list, and how it changes the count shown in the title. */
export function applyFileListEvent(
  items: readonly FileList[],
  event: FileListEvent,
  state: { search: string; hasMore: boolean },
): { items: FileList[]; countDelta: number } {
  const had = event.action === "delete"
    ? items.some((i) => i.id === event.id)
    : items.some((i) => i.id === event.record.id);
  const next = applyLiveEvent(items, event, {
    matches: (r) => matchesSearch(r, state.search),
    compare: compareFileLists,
    hasMore: state.hasMore,
  });
  const countDelta = event.action === "delete" ? (had ? -1 : 0) : event.action === "create" ? 1 : 0;
  return { items: next, countDelta };
}

export function asFileListEvent(data: unknown): FileListEvent | null {
  return readLiveEvent(data, { record: "fileList", id: "fileListId" }, isFileList);
}

function isFileList(value: unknown): value is FileList {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.id === "number" && typeof r.name === "string" && Array.isArray(r.options);
}
