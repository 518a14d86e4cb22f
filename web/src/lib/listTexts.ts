import type { TFunction } from "i18next";

/** The area's own words, each already translated. */
export interface ListTexts<T> {
  title: string;
  search: string;
  add: string;
  table: string;
  actions: string;
  edit: (row: T) => string;
  delete: (row: T) => string;
  deleted: string;
  deleteTitle: string;
  deleteMessage: (row: T) => string;
}

/**
 * An area's words under its i18n prefix, named as every list page names them (title,
 * search, add, table, columns.actions, edit, delete, deleted, deleteTitle, deleteMessage);
 * named gives the values that name a row in them (e.g. { name }).
 */
export function listTexts<T>(
  t: TFunction,
  prefix: string,
  named: (row: T) => Record<string, string>,
): ListTexts<T> {
  return {
    title: t(`${prefix}.title`),
    search: t(`${prefix}.search`),
    add: t(`${prefix}.add`),
    table: t(`${prefix}.table`),
    actions: t(`${prefix}.columns.actions`),
    edit: (row) => t(`${prefix}.edit`, named(row)),
    delete: (row) => t(`${prefix}.delete`, named(row)),
    deleted: t(`${prefix}.deleted`),
    deleteTitle: t(`${prefix}.deleteTitle`),
    deleteMessage: (row) => t(`${prefix}.deleteMessage`, named(row)),
  };
}
