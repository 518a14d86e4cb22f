/** The AI agents (docs/api.md "AI agents"). */
import { request } from "./client.ts";

export interface Prompt {
  id: number;
  name: string;
  prompt: string;
  /** null: OpenAI. */
  baseUrl: string | null;
  /** Masked ("••••••••1234"), "" when none. */
  apiKey: string;
  assistantId: string;
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
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  createdAt: string;
  updatedAt: string;
}

export interface PromptInput {
  name: string;
  prompt: string;
  baseUrl: string | null;
  /** The masked value as answered keeps the stored key; "" clears it. */
  apiKey: string;
  model: string;
  temperature: number;
  topP: number;
  maxTokens: number;
  maxMessages: number;
  queueId: number | null;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
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
