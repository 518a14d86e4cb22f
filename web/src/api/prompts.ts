/** The AI agents (docs/api.md "AI agents"). */
import { request } from "./client.ts";

export interface PromptInput {
  name: string;
  prompt: string;
  /** null: OpenAI. */
  baseUrl: string | null;
  /** Answered masked ("••••••••1234", "" when none); sent back as answered it keeps the stored key, "" clears it. */
  apiKey: string;
  model: string;
  temperature: number;
  topP: number;
  maxTokens: number;
  maxMessages: number;
  queueId: number | null;
  voice: string;
  /** Masked, as apiKey. */
  voiceKey: string;
  voiceRegion: string;
}

export interface Prompt extends PromptInput {
  id: number;
  assistantId: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** When the admins were told the model's account has no credit (429 insufficient_quota); null: not now. */
  quotaAlertAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PromptTestInput extends
  Partial<
    Omit<PromptInput, "name" | "queueId" | "maxMessages" | "voice" | "voiceKey" | "voiceRegion">
  > {
  /** The stored agent whose key a masked field means. */
  id?: number;
  message?: string;
}

export interface PromptTestAnswer {
  answer: string;
  usage: { promptTokens: number; completionTokens: number; totalTokens: number };
}

export const prompts = {
  list: async () => (await request<{ prompts: Prompt[] }>("/prompt")).prompts,
  get: (id: number) => request<Prompt>(`/prompt/${id}`),
  create: (input: PromptInput) => request<Prompt>("/prompt", { method: "POST", body: input }),
  update: (id: number, input: PromptInput) =>
    request<Prompt>(`/prompt/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<{ message: string }>(`/prompt/${id}`, { method: "DELETE" }),
  test: (input: PromptTestInput) =>
    request<PromptTestAnswer>("/prompt/test", { method: "POST", body: input }),
};
