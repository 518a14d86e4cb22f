/** Campaigns, their report and their settings (docs/api.md "Campaigns", /work CAMPAIGNS.md). */
import { request } from "./client.ts";
import type {
  CampaignProgress,
  CampaignSettings,
  CampaignStatus,
  ShippingStatus,
} from "../../../contracts/campaigns.ts";

export interface Campaign {
  id: number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  contactListId: number | null;
  tagId: number | null;
  fileListId: number | null;
  /** Where the customers' answers wait for people (no bot); null: the connection decides. */
  queueId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  /** An ERR_ code of the catalogue while a running campaign waits (connection down, rate-limited). */
  pauseReason: string | null;
  pausedUntil: string | null;
  whatsapp: { id: number; name: string } | null;
  contactList: { id: number; name: string } | null;
  progress: CampaignProgress;
  createdAt: string;
  updatedAt: string;
}

export interface CampaignInput {
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  whatsappId: number | null;
  /** One of the two: a list, or a tag whose contacts make the list when the campaign starts. */
  contactListId: number | null;
  tagId: number | null;
  fileListId: number | null;
  queueId: number | null;
  /** ISO; null: not scheduled (INATIVA until started). */
  scheduledAt: string | null;
}

export interface ShippingRow {
  id: number;
  number: string;
  name: string;
  message: string;
  status: ShippingStatus;
  error: string | null;
  claimedAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
}

interface Page<T> {
  records: T[];
  hasMore: boolean;
  count: number;
}

export const campaigns = {
  page: (query: { searchParam?: string; pageNumber?: number }) =>
    request<Page<Campaign>>("/campaigns/", {
      query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1 },
    }),
  get: (id: number) => request<Campaign>(`/campaigns/${id}`),
  create: (input: CampaignInput) =>
    request<Campaign>("/campaigns", { method: "POST", body: input }),
  update: (id: number, input: CampaignInput) =>
    request<Campaign>(`/campaigns/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/campaigns/${id}`, { method: "DELETE" }),
  /** Images, video, audio or documents; onProgress hears the upload go (0 to 1). */
  attach: (id: number, file: File, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    form.append("file", file);
    return request<Campaign>(`/campaigns/${id}/media-upload`, {
      method: "POST",
      body: form,
      onUploadProgress: onProgress,
    });
  },
  detach: (id: number) =>
    request<Campaign>(`/campaigns/${id}/media-upload`, { method: "DELETE" }),
  cancel: (id: number) => request<Campaign>(`/campaigns/${id}/cancel`, { method: "POST" }),
  restart: (id: number) => request<Campaign>(`/campaigns/${id}/restart`, { method: "POST" }),
  /** The report's table, newest first. */
  shipping: (id: number, query: { pageNumber?: number; status?: ShippingStatus }) =>
    request<Page<ShippingRow>>(`/campaigns/${id}/shipping`, {
      query: { pageNumber: query.pageNumber ?? 1, status: query.status },
    }),
};

/** The server answers the spec's list of {key, value}, each value as JSON text. */
type SettingEntry = { key: string; value: string };
const fromEntries = (entries: SettingEntry[]) =>
  Object.fromEntries(entries.map((e) => [e.key, JSON.parse(e.value)])) as CampaignSettings;

export const campaignSettings = {
  get: async () => fromEntries(await request<SettingEntry[]>("/campaign-settings")),
  save: async (settings: Partial<CampaignSettings>) =>
    fromEntries(await request<SettingEntry[]>("/campaign-settings", { method: "POST", body: { settings } })),
};
