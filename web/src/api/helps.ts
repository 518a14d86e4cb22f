/** Help videos (docs/api.md "Helps"): super users write, everyone reads the same list. */
import { request } from "./client.ts";

export interface Help {
  id: number;
  title: string;
  /** The YouTube video id. */
  video: string;
  description: string;
  createdAt: string;
}

export interface HelpInput {
  title: string;
  /** A YouTube id or address; the server keeps the id. */
  video: string;
  description: string;
}

export const helps = {
  page: (query: { searchParam?: string; pageNumber?: number }) =>
    request<{ records: Help[]; count: number; hasMore: boolean }>("/helps/", {
      query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1 },
    }),
  list: () => request<Help[]>("/helps/list"),
  create: (input: HelpInput) => request<Help>("/helps", { method: "POST", body: input }),
  update: (id: number, input: HelpInput) =>
    request<Help>(`/helps/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/helps/${id}`, { method: "DELETE" }),
};
