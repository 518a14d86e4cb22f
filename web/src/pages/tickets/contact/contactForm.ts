/**
 * The contact drawer's edit form uses the contacts page's values and rules (name 2..50,
 * number 8..50 digits, e-mail valid when given, extra info rows) but words its errors the
 * way the drawer always has, in English: 'Too Short!', 'Too Long!', 'Required',
 * 'Invalid email' (spec 5).
 */
import type { FieldIssue, Issues } from "../../../lib/validation.ts";
import {
  type ContactField,
  type ContactValues,
  validateContact,
} from "../../contacts/contactForm.ts";

export type DrawerIssue = "tooShort" | "tooLong" | "required" | "invalidEmail";

/** A rule's issue, named the drawer's way. */
export function drawerIssue(issue: FieldIssue): DrawerIssue {
  switch (issue.key) {
    case "validation.tooShort":
    case "contacts.modal.numberShort":
      return "tooShort";
    case "validation.tooLong":
    case "contacts.modal.numberLong":
      return "tooLong";
    case "validation.invalidEmail":
      return "invalidEmail";
    default:
      return "required";
  }
}

/** The contacts page's rules, each issue re-keyed to chat.contact.errors.* (for useIssues). */
export function validateDrawerContact(values: ContactValues): Issues<ContactField> {
  const issues: Issues<ContactField> = {};
  for (const [field, issue] of Object.entries(validateContact(values))) {
    if (issue) issues[field as ContactField] = { key: `chat.contact.errors.${drawerIssue(issue)}` };
  }
  return issues;
}

/** A ticket note: required, at least 2 characters. */
export function validateNote(note: string): "required" | "tooShort" | null {
  const trimmed = note.trim();
  if (!trimmed) return "required";
  return trimmed.length < 2 ? "tooShort" : null;
}
