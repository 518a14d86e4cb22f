/** Scheduled messages (docs/api.md "Schedules"). */
import { request } from "./client.ts";

/** ENVIANDO: going out now; INCERTO: the server stopped mid-send, so whether it went out is unknown. */
export type ScheduleStatus = "PENDENTE" | "ENVIANDO" | "ENVIADA" | "ERRO" | "INCERTO";

export interface Schedule {
  id: number;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  contactId: number;
  contact: { id: number; name: string; number: string };
  ticketId: number | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  whatsappId: number | null;
  error: string | null;
  /** When the next attempt is due (sendAt, or later after a refused attempt). */
  dueAt: string;
  attempts: number;
  attemptAt: string | null;
  /** The image sent with the text ("/public/..."), and its name; null when none. Optional so that
   * records built by hand (tests, optimistic rows) need not name them. */
  mediaPath?: string | null;
  mediaName?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ScheduleInput {
  body: string;
  /** ISO instant. */
  sendAt: string;
  contactId: number;
  ticketId?: number | null;
  whatsappId?: number | null;
}

export const schedules = {
  /** from/to (ISO instants): only sendAt in [from, to), 200 a page (the calendar's visible range). */
  page: (query: { searchParam?: string; contactId?: number; pageNumber?: number; from?: string; to?: string }) =>
    request<{ schedules: Schedule[]; count: number; hasMore: boolean }>("/schedules", {
      query: {
        searchParam: query.searchParam,
        contactId: query.contactId,
        pageNumber: query.pageNumber ?? 1,
        from: query.from,
        to: query.to,
      },
    }),
  get: (id: number) => request<Schedule>(`/schedules/${id}`),
  create: (input: ScheduleInput) => request<Schedule>("/schedules", { method: "POST", body: input }),
  update: (id: number, input: Partial<ScheduleInput>) =>
    request<Schedule>(`/schedules/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/schedules/${id}`, { method: "DELETE" }),
  /** A png or jpg sent with the text. */
  attach: (id: number, file: File) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return request<Schedule>(`/schedules/${id}/media-upload`, { method: "POST", body: form });
  },
  detach: (id: number) => request<Schedule>(`/schedules/${id}/media-upload`, { method: "DELETE" }),
};
