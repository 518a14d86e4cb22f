/** The contact list and item forms, and their pages' live lists (seed 002 sections 3-5, docs/api.md "Contact lists"). */
import type { ContactList, ContactListItem, ContactListItemInput } from "../../api/contactLists.ts";
import { collect, type Issues } from "../../lib/validation.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";

export const NAME_MIN = 2;
export const NAME_MAX = 50;
const NUMBER_MIN = 8;
const NUMBER_MAX = 50;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ListField = "name";
export type ItemField = "name" | "number" | "email";

function nameIssue(value: string, tooShortKey: string) {
  const name = value.trim();
  if (!name) return { key: "validation.required" };
  if (name.length < NAME_MIN) return { key: tooShortKey };
  if (name.length > NAME_MAX) return { key: "validation.tooLong", params: { max: NAME_MAX } };
  return null;
}

/** Name required, 2 to 50 characters. */
export function validateList(values: { name: string }): Issues<ListField> {
  return collect<ListField>({ name: nameIssue(values.name, "contactLists.dialog.tooShort") });
}

export const digitsOf = (value: string) => value.replace(/\D/g, "");

/** Name required (2 to 50); number optional, 8 to 50 digits; e-mail valid when given. */
export function validateItem(values: ContactListItemInput): Issues<ItemField> {
  const digits = digitsOf(values.number);
  const mail = values.email.trim();
  return collect<ItemField>({
    name: nameIssue(values.name, "contactLists.items.dialog.tooShort"),
    number: values.number.trim() && (digits.length < NUMBER_MIN || digits.length > NUMBER_MAX)
      ? { key: "contactLists.items.dialog.numberLength" }
      : null,
    email: mail && !EMAIL.test(mail) ? { key: "contactLists.items.dialog.emailInvalid" } : null,
  });
}

/** What names an item in its buttons and questions: its name, else its number (a row imported without a name). */
export const itemLabel = (item: Pick<ContactListItem, "name" | "number">) => item.name || item.number;

export function itemValues(item: ContactListItem | null): ContactListItemInput {
  return { name: item?.name ?? "", number: item?.number ?? "", email: item?.email ?? "" };
}

/** The number's digits, after a "+" when typed with one: the server then keeps it as written (no country code added). */
function typedNumber(value: string): string {
  const digits = digitsOf(value);
  return digits && value.trim().startsWith("+") ? `+${digits}` : digits;
}

export function toItemInput(values: ContactListItemInput): ContactListItemInput {
  return {
    name: values.name.trim(),
    number: typedNumber(values.number),
    email: values.email.trim(),
  };
}

/** By name then id, as the server pages both (binary order, like SQLite's). */
function byName(a: { name: string; id: number }, b: { name: string; id: number }): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}

const has = (text: string, term: string) => text.toLocaleLowerCase().includes(term);

export type ListEvent = LiveEvent<ContactList>;

export function asListEvent(data: unknown): ListEvent | null {
  return readLiveEvent(data, { record: "record", id: "id" }, isList);
}

export function applyListEvent(
  items: readonly ContactList[],
  event: ListEvent,
  state: { search: string; hasMore: boolean },
) {
  const term = state.search.trim().toLocaleLowerCase();
  return applyLiveEvent(items, event, {
    matches: (l) => !term || has(l.name, term),
    compare: byName,
    hasMore: state.hasMore,
  });
}

/** What an item event asks of one list's page: apply a change, read the page again, or nothing (another list). */
export type ItemChange =
  | { kind: "apply"; event: LiveEvent<ContactListItem> }
  | { kind: "reload" }
  | null;

export function readItemEvent(data: unknown, contactListId: number): ItemChange {
  if (typeof data !== "object" || data === null) return null;
  const event = data as Record<string, unknown>;
  if (event.action === "reload") {
    return event.contactListId === contactListId ? { kind: "reload" } : null;
  }
  if (event.action === "delete" && event.contactListId !== contactListId) return null;
  const parsed = readLiveEvent(data, { record: "record", id: "id" }, isItem);
  if (!parsed) return null;
  if (parsed.action !== "delete" && parsed.record.contactListId !== contactListId) return null;
  return { kind: "apply", event: parsed };
}

export function applyItemEvent(
  items: readonly ContactListItem[],
  event: LiveEvent<ContactListItem>,
  state: { search: string; hasMore: boolean },
) {
  const term = state.search.trim().toLocaleLowerCase();
  const matches = (i: ContactListItem) =>
    !term || has(i.name, term) || i.number.includes(term) || has(i.email, term);
  return applyLiveEvent(items, event, { matches, compare: byName, hasMore: state.hasMore });
}

function isList(value: unknown): value is ContactList {
  const v = value as Record<string, unknown> | null;
  return typeof v === "object" && v !== null && typeof v.id === "number" &&
    typeof v.name === "string" &&
    typeof v.contactsCount === "number";
}

function isItem(value: unknown): value is ContactListItem {
  const v = value as Record<string, unknown> | null;
  return typeof v === "object" && v !== null && typeof v.id === "number" &&
    typeof v.name === "string" &&
    typeof v.contactListId === "number" && typeof v.number === "string";
}
