/** Contact lists and their items (docs/api.md "Contact lists"). */
import { request, requestBlob } from "./client.ts";
import type { ImportResult } from "./contacts.ts";

export interface ContactList {
  id: number;
  name: string;
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListItem {
  id: number;
  contactListId: number;
  name: string;
  /** Digits; "" when none. */
  number: string;
  email: string;
  /** null until the background check has asked WhatsApp. */
  isWhatsappValid: boolean | null;
  checkedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListItemInput {
  name: string;
  number: string;
  email: string;
}

type PageQuery = { searchParam?: string; pageNumber?: number };

export const contactLists = {
  page: (query: PageQuery) =>
    request<{ records: ContactList[]; count: number; hasMore: boolean }>("/contact-lists/", {
      query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1 },
    }),
  list: () => request<{ id: number; name: string }[]>("/contact-lists/list"),
  get: (id: number) => request<ContactList>(`/contact-lists/${id}`),
  create: (name: string) =>
    request<ContactList>("/contact-lists", { method: "POST", body: { name } }),
  update: (id: number, name: string) =>
    request<ContactList>(`/contact-lists/${id}`, { method: "PUT", body: { name } }),
  remove: (id: number) => request<void>(`/contact-lists/${id}`, { method: "DELETE" }),
  /** An .xls or .xlsx file, read on the server; one result per row. onProgress hears it go up (0 to 1). */
  upload: (id: number, file: File, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    form.append("file", file);
    return request<ImportResult>(`/contact-lists/${id}/upload`, {
      method: "POST",
      body: form,
      onUploadProgress: onProgress,
    });
  },
  example: () => requestBlob("/contact-lists/example"),
};

export const contactListItems = {
  page: (contactListId: number, query: PageQuery) =>
    request<{ contacts: ContactListItem[]; count: number; hasMore: boolean }>(
      "/contact-list-items",
      {
        query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1, contactListId },
      },
    ),
  get: (id: number) => request<ContactListItem>(`/contact-list-items/${id}`),
  create: (contactListId: number, input: ContactListItemInput) =>
    request<ContactListItem>("/contact-list-items", {
      method: "POST",
      body: { ...input, contactListId },
    }),
  update: (id: number, input: ContactListItemInput) =>
    request<ContactListItem>(`/contact-list-items/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/contact-list-items/${id}`, { method: "DELETE" }),
};
