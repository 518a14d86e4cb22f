/** The contact dialog's values, rules (seed 000 section 5) and request body. */
import type { ContactDetail, ContactInput } from "../../api/contacts.ts";
import { type Check, collect, type Issues, length } from "../../lib/validation.ts";

export const NUMBER_MIN_DIGITS = 8;
export const NUMBER_MAX_DIGITS = 50;
const EXTRA_NAME_MAX = 100;
const EXTRA_VALUE_MAX = 1000;

export interface ExtraRow {
  /** Local key for React lists (rows have no id before they are saved). */
  key: number;
  name: string;
  value: string;
}

export interface ContactValues {
  name: string;
  number: string;
  email: string;
  /** YYYY-MM-DD or "" for none. */
  birthdate: string;
  isCustomer: boolean;
  extraInfo: ExtraRow[];
}

export type ContactField = "name" | "number" | "email" | "birthdate" | `extra${number}`;

let nextKey = 1;
export function newExtraRow(name = "", value = ""): ExtraRow {
  return { key: nextKey++, name, value };
}

export function initialContactValues(contact: ContactDetail | null): ContactValues {
  return {
    name: contact?.name ?? "",
    number: contact?.number ?? "",
    email: contact?.email ?? "",
    birthdate: contact?.birthdate ?? "",
    isCustomer: contact?.isCustomer ?? false,
    extraInfo: (contact?.extraInfo ?? []).map((item) => newExtraRow(item.name, item.value)),
  };
}

/** The number's digits (the server ignores punctuation too). */
export function numberDigits(value: string): string {
  return value.replace(/\D/g, "");
}

function numberCheck(value: string): Check {
  const digits = numberDigits(value);
  if (!digits) return { key: "validation.required" };
  if (digits.length < NUMBER_MIN_DIGITS) {
    return { key: "contacts.modal.numberShort", params: { min: NUMBER_MIN_DIGITS } };
  }
  if (digits.length > NUMBER_MAX_DIGITS) {
    return { key: "contacts.modal.numberLong", params: { max: NUMBER_MAX_DIGITS } };
  }
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optionalEmail(value: string): Check {
  const trimmed = value.trim();
  return !trimmed || EMAIL.test(trimmed) ? null : { key: "validation.invalidEmail" };
}

/** A real calendar day as YYYY-MM-DD (31/02 is refused). */
function optionalDate(value: string): Check {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return { key: "validation.invalidDate" };
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? null : { key: "validation.invalidDate" };
}

/** A row with a value needs a name; wholly empty rows are dropped on save. */
function extraCheck(row: ExtraRow): Check {
  if (!row.name.trim() && !row.value.trim()) return null;
  if (row.value.length > EXTRA_VALUE_MAX) {
    return { key: "validation.tooLong", params: { max: EXTRA_VALUE_MAX } };
  }
  return length(row.name, 1, EXTRA_NAME_MAX);
}

/** Name 2..50, number 8..50 digits, e-mail valid when given, birthdate optional. */
export function validateContact(values: ContactValues): Issues<ContactField> {
  const checks: Record<ContactField, Check> = {
    name: length(values.name, 2, 50),
    number: numberCheck(values.number),
    email: optionalEmail(values.email),
    birthdate: optionalDate(values.birthdate),
  };
  values.extraInfo.forEach((row, index) => {
    checks[`extra${index}`] = extraCheck(row);
  });
  return collect(checks);
}

export function toContactInput(values: ContactValues): ContactInput {
  return {
    name: values.name.trim(),
    number: numberDigits(values.number),
    email: values.email.trim(),
    birthdate: values.birthdate || null,
    isCustomer: values.isCustomer,
    extraInfo: values.extraInfo
      .filter((row) => row.name.trim() || row.value.trim())
      .map((row) => ({ name: row.name.trim(), value: row.value })),
  };
}
