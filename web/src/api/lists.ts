import { request } from "./client.ts";
import type { Health, QueueRef, WhatsappSummary } from "./types.ts";

/** Supporting lists (queues and connections for the user dialog) and the health probe. */
export const lists = {
  queues: () => request<QueueRef[]>("/queue"),
  whatsapps: () => request<WhatsappSummary[]>("/whatsapp"),
  health: () => request<Health>("/health", { auth: false }),
};
