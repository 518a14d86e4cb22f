/** Announcements (docs/api.md "Announcements"): super users write, everyone reads the active ones. */
import { request } from "./client.ts";

/** 1 high, 2 medium, 3 low. */
export type AnnouncementPriority = 1 | 2 | 3;

export interface Announcement {
  id: number;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  /** The image, relative to /public/ (see imageUrl); null when none. */
  mediaPath: string | null;
  mediaName: string | null;
  companyId: number;
  createdAt: string;
}

export interface AnnouncementInput {
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
}

export const announcements = {
  page: (query: { searchParam?: string; pageNumber?: number }) =>
    request<{ records: Announcement[]; count: number; hasMore: boolean }>("/announcements/", {
      query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1 },
    }),
  create: (input: AnnouncementInput) =>
    request<Announcement>("/announcements", { method: "POST", body: input }),
  update: (id: number, input: Partial<AnnouncementInput>) =>
    request<Announcement>(`/announcements/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/announcements/${id}`, { method: "DELETE" }),
  attachImage: (id: number, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return request<Announcement>(`/announcements/${id}/media-upload`, { method: "POST", body: form });
  },
  removeImage: (id: number) =>
    request<Announcement>(`/announcements/${id}/media-upload`, { method: "DELETE" }),
};

/** Where an announcement's image is served. */
export const imageUrl = (announcement: Pick<Announcement, "mediaPath">) =>
  announcement.mediaPath ? `/public/${announcement.mediaPath}` : null;
