/**
 * The contact drawer's edit form: name 2..50, number 8..50 digits, email optional but valid,
 * extra info as name/value pairs. Issues are keys under chat.contact.errors (the drawer keeps
 * the English wording 'Too Short!', 'Too Long!', 'Required', 'Invalid email').
 */
import type { ContactDetail, ContactInput, ExtraInfo } from "../../../api/contacts.ts";
import { type Check, email, length } from "../../../lib/validation.ts";

export type ContactField = "name" | "number" | "email";
export type ContactIssue = "tooShort" | "tooLong" | "required" | "invalidEmail";

export interface ContactValues {
  name: string;
  number: string;
  email: string;
  extraInfo: ExtraInfo[];
}

export function contactValues(contact: ContactDetail): ContactValues {
  return {
    name: contact.name ?? "",
    number: contact.number ?? "",
    email: contact.email ?? "",
    extraInfo: (contact.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
  };
}

/** The shared field checks, named the way this form words them. */
function issueOf(check: Check): ContactIssue | null {
  switch (check?.key) {
    case undefined:
      return null;
    case "validation.tooShort":
      return "tooShort";
    case "validation.tooLong":
      return "tooLong";
    case "validation.invalidEmail":
      return "invalidEmail";
    default:
      return "required";
  }
}

export interface ContactIssues extends Partial<Record<ContactField, ContactIssue>> {
  /** Rows (by index) that have a value but no name. */
  extraInfo?: number[];
}

export function validateContact(values: ContactValues): ContactIssues {
  const issues: ContactIssues = {};
  const name = issueOf(length(values.name, 2, 50));
  // The server counts the digits once punctuation is removed; so does the form.
  const number = issueOf(length(values.number.replace(/\D/g, ""), 8, 50));
  const mail = values.email.trim() ? issueOf(email(values.email)) : null;
  if (name) issues.name = name;
  if (number) issues.number = number;
  if (mail) issues.email = mail;
  const unnamed = values.extraInfo.flatMap((info, index) =>
    !info.name.trim() && info.value.trim() ? [index] : []
  );
  if (unnamed.length) issues.extraInfo = unnamed;
  return issues;
}

/** Blank extra-info rows are dropped rather than stored (the server wants a name). */
export function toContactInput(values: ContactValues): Partial<ContactInput> {
  return {
    name: values.name.trim(),
    number: values.number.trim(),
    email: values.email.trim(),
    extraInfo: values.extraInfo
      .map((info) => ({ name: info.name.trim(), value: info.value.trim() }))
      .filter((info) => info.name !== ""),
  };
}

/** A ticket note: required, at least 2 characters. */
export function validateNote(note: string): "required" | "tooShort" | null {
  const trimmed = note.trim();
  if (!trimmed) return "required";
  return trimmed.length < 2 ? "tooShort" : null;
}
