/** Contacts (docs/api.md "Contacts" and "Contact import"). */
import { request, requestBlob } from "./client.ts";
import type { Contact } from "./tickets.ts";

export interface ExtraInfo {
  id?: number;
  name: string;
  value: string;
}

export interface ContactDetail extends Contact {
  birthdate: string | null;
  isCustomer: boolean;
  extraInfo: ExtraInfo[];
  whatsapp: { id: number; name: string } | null;
}

export interface ContactInput {
  name: string;
  number: string;
  email?: string;
  birthdate?: string | null;
  isCustomer?: boolean;
  disableBot?: boolean;
  whatsappId?: number | null;
  extraInfo?: ExtraInfo[];
}

export interface ContactPage {
  contacts: Contact[];
  count: number;
  hasMore: boolean;
}

export interface ImportResult {
  newContacts: { contactId: number; contactName: string }[];
  errorBag: { row: number; contactName: string; error: { code: string; message: string } }[];
  /** Contact lists: imported numbers completed with the company's country code ("" when none is set). */
  completedNumbers?: number;
  countryCode?: string;
}

/** Contact events on company-{c}-contact. */
export type ContactEvent =
  | { action: "create" | "update"; contact: Contact }
  | { action: "delete"; contactId: number }
  /** A bulk import: reload the list instead of one event per contact. */
  | { action: "reload" };

export const contacts = {
  page: (query: { searchParam?: string; pageNumber?: number }) =>
    request<ContactPage>("/contacts", {
      query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1 },
    }),
  list: () => request<{ id: number; name: string; number: string }[]>("/contacts/list"),
  get: (id: number) => request<ContactDetail>(`/contacts/${id}`),
  create: (input: ContactInput) => request<ContactDetail>("/contacts", { method: "POST", body: input }),
  update: (id: number, input: Partial<ContactInput>) =>
    request<ContactDetail>(`/contacts/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/contacts/${id}`, { method: "DELETE" }),
  /** An .xlsx file, parsed on the server. */
  upload: (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return request<ImportResult>("/contacts/upload", { method: "POST", body: form });
  },
  importFromPhone: (whatsappId?: number) =>
    request<{ imported: number; skipped: number }>("/contacts/import", {
      method: "POST",
      body: { whatsappId },
    }),
  /** Every contact as CSV (UTF-8 with BOM), fetched with the session's token. */
  download: () => requestBlob("/contacts/export"),
};
