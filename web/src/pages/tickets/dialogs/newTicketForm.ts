/** The rules of the new-ticket dialog, apart from React (seed 000 sections 5 and 8). */
import { isApiError } from "../../../api/errors.ts";
import type { OtherOpenTicket, TicketCreate } from "../../../api/tickets.ts";
import type { WhatsappSummary } from "../../../api/types.ts";
import type { ContactChoice } from "../../../components/contactSearch.ts";
import { collect, type FieldIssue, type Issues, length } from "../../../lib/validation.ts";

export interface ContactDraft {
  name: string;
  number: string;
}

/** What was typed goes to the number when it looks like one, else to the name. */
export function draftFrom(text: string): ContactDraft {
  const typed = text.trim();
  return /^[\d\s()+.-]+$/.test(typed)
    ? { name: "", number: typed.replace(/\D/g, "") }
    : { name: typed, number: "" };
}

export type DraftField = "name" | "number";

/** Name 2..50; number 8..50 digits once punctuation is removed (as the server counts). */
export function validateDraft(draft: ContactDraft): Issues<DraftField> {
  return collect<DraftField>({
    name: length(draft.name, 2, 50),
    number: numberIssue(draft.number),
  });
}

function numberIssue(number: string): FieldIssue | null {
  const digits = number.replace(/\D/g, "");
  if (!digits) return { key: "validation.required" };
  if (digits.length < 8) return { key: "validation.tooShort", params: { min: 8 } };
  if (digits.length > 50) return { key: "validation.tooLong", params: { max: 50 } };
  return null;
}

export interface TicketValues {
  contact: ContactChoice | null;
  queueId: number | null;
  whatsappId: number | null;
}

export type TicketField = "contact" | "queueId";

/** A contact must be chosen; a queue too, unless the user is an admin. */
export function validateTicket(values: TicketValues, isAdmin: boolean): Issues<TicketField> {
  return collect<TicketField>({
    contact: values.contact ? null : { key: "desk.newTicket.contactRequired" },
    queueId: isAdmin || values.queueId !== null ? null : { key: "desk.newTicket.queueRequired" },
  });
}

export function ticketInput(
  values: TicketValues & { contact: ContactChoice },
  me: number,
): TicketCreate {
  return {
    contactId: values.contact.id,
    queueId: values.queueId,
    whatsappId: values.whatsappId,
    userId: me,
    status: "open",
  };
}

/** The user's own connection when it still exists, else the company's default one. */
export function defaultConnection(
  whatsapps: readonly WhatsappSummary[],
  userWhatsappId: number | null | undefined,
): number | null {
  const own = whatsapps.find((whatsapp) => whatsapp.id === userWhatsappId);
  return (own ?? whatsapps.find((whatsapp) => whatsapp.isDefault))?.id ?? null;
}

/** The contact's active ticket named by ERR_OTHER_OPEN_TICKET (409), if that is the error. */
export function otherOpenTicket(error: unknown): OtherOpenTicket | null {
  if (!isApiError(error) || error.code !== "ERR_OTHER_OPEN_TICKET") return null;
  const ticket = error.details.ticket;
  if (typeof ticket !== "object" || ticket === null) return null;
  const other = ticket as Partial<OtherOpenTicket>;
  return typeof other.id === "number" && typeof other.uuid === "string"
    ? other as OtherOpenTicket
    : null;
}

export type Conflict =
  | { kind: "notice"; user: string; queue: string | null }
  | { kind: "open"; uuid: string; status: OtherOpenTicket["status"] };

/** Another attendant's ticket is only named; one's own (or nobody's) is opened. */
export function conflictOutcome(other: OtherOpenTicket, me: number): Conflict {
  if (other.user && other.user.id !== me) {
    return { kind: "notice", user: other.user.name, queue: other.queue?.name ?? null };
  }
  return { kind: "open", uuid: other.uuid, status: other.status };
}

/** ERR_DUPLICATED_CONTACT carries the existing contact's id. */
export function duplicatedContactId(error: unknown): number | null {
  if (!isApiError(error) || error.code !== "ERR_DUPLICATED_CONTACT") return null;
  const id = error.details.contactId;
  return typeof id === "number" ? id : null;
}
