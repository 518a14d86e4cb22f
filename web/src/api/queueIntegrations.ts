/** Queue integrations (docs/api.md "Queue integrations"). */
import { request } from "./client.ts";

export const INTEGRATION_TYPES = [
  "dialogflow",
  "n8n",
  "webhook",
  "typebot",
  "flowbuilder",
] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const INTEGRATION_LANGUAGES = ["pt-BR", "en", "es"] as const;
export type IntegrationLanguage = (typeof INTEGRATION_LANGUAGES)[number];

export interface QueueIntegration {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string;
  /** The service account's key, masked ("" when none). */
  jsonContent: string;
  language: IntegrationLanguage;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  promptId: number | null;
  /** The n8n/webhook signing key, masked ("" when none). */
  secret: string;
  flowId: number | null;
  /** The runtime's last failure ("" when fine): cleared by the next call that goes through or an edit. */
  lastError: string;
  /** When it failed (ISO), null when fine. */
  lastErrorAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the dialog sends: credentials "" keep the stored ones. */
export type QueueIntegrationInput = Omit<
  QueueIntegration,
  "id" | "createdAt" | "updatedAt" | "lastError" | "lastErrorAt"
>;

export interface TestSessionAnswer {
  messages: string[];
  intent: { name: string; displayName: string } | null;
  ended: boolean;
}

export const queueIntegrations = {
  page: (query: { searchParam?: string; pageNumber?: number }) =>
    request<{ queueIntegrations: QueueIntegration[]; count: number; hasMore: boolean }>(
      "/queueIntegration/",
      {
        query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1 },
      },
    ),
  get: (id: number) => request<QueueIntegration>(`/queueIntegration/${id}`),
  create: (input: QueueIntegrationInput) =>
    request<QueueIntegration>("/queueIntegration", { method: "POST", body: input }),
  update: (id: number, input: QueueIntegrationInput) =>
    request<QueueIntegration>(`/queueIntegration/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/queueIntegration/${id}`, { method: "DELETE" }),
  /** detectIntent("Olá") with these credentials; id: the integration edited (its mask means its stored key). */
  testSession: (
    input: { projectName: string; jsonContent: string; language: IntegrationLanguage; id?: number },
  ) => request<TestSessionAnswer>("/queueIntegration/testSession", { method: "POST", body: input }),
};
