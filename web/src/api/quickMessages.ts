/** Quick answers (docs/api.md "Quick answers"). */
import { request } from "./client.ts";

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  /** Active: offered in the composer (the server lists only active ones there). */
  status: boolean;
  userId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  /** An attachment goes with the text. Optional so that records built by hand need not name it. */
  isMedia?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface QuickMessageInput {
  shortcode: string;
  message: string;
  geral?: boolean;
  status?: boolean;
}

export const quickMessages = {
  /** The caller's own answers plus the company-wide ones, by shortcode. */
  list: () => request<QuickMessage[]>("/quick-messages/list"),
  page: (query: { searchParam?: string; pageNumber?: number }) =>
    request<{ records: QuickMessage[]; count: number; hasMore: boolean }>("/quick-messages", {
      query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1 },
    }),
  create: (input: QuickMessageInput) =>
    request<QuickMessage>("/quick-messages", { method: "POST", body: input }),
  update: (id: number, input: Partial<QuickMessageInput>) =>
    request<QuickMessage>(`/quick-messages/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/quick-messages/${id}`, { method: "DELETE" }),
  /** Attaches a file, sent with the text whenever the answer is used. */
  attach: (id: number, file: File) => {
    const form = new FormData();
    form.append("file", file, file.name);
    form.append("typeArch", "quickMessage");
    return request<QuickMessage>(`/quick-messages/${id}/media-upload`, { method: "POST", body: form });
  },
  detach: (id: number) => request<QuickMessage>(`/quick-messages/${id}/media-upload`, { method: "DELETE" }),
};
